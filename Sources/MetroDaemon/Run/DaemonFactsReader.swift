import MetroControl
import MetroModel
import MetroSystem

/// Reads the daemon-level facts of the status document (which clock alerts use, the board, the wall clock's
/// source, GPS and hardware faults) from the parts that hold them.
struct DaemonFactsReader {
    let alertClock: KernelTimer.Clock
    let hardware: Hardware
    let timeScale: Double
    let wallClock: TimetableWallClock
    let gps: GPSLink?
    let motion: MotionLink?
    let recorder: MotionRecorder?

    func read(language: Language) -> DaemonFacts {
        var facts = DaemonFacts(
            clock: alertClock == .boottimeAlarm ? "boottime_alarm" : "boottime",
            hardware: hardware.kind.rawValue, timeScale: timeScale,
            wallClockSynchronised: Clocks.isWallClockSynchronised(), wallClockSource: wallClock.source.rawValue,
            gpsWatching: gps?.isWatching ?? false, gpsConnected: gps?.isConnected ?? false,
            faults: hardware.faultTexts.map { DaemonFault(part: .gpio, text: $0) }
                + (gps?.faultText.map { [DaemonFault(part: .gps, text: $0)] } ?? [])
                + (motion?.faultText.map { [DaemonFault(part: .motion, text: $0)] } ?? []),
            motor: hardware.motorLog, language: language)
        facts.recording = recorder?.statusNote
        return facts
    }
}
