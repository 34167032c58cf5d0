import Foundation
import MetroEngine
import MetroModel
import MetroSystem

/// Records log lines (the store's move-aside and drop messages are part of its contract).
final class RecordingLogSink: LogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    func write(line: String) { lock.withLock { recorded.append(line) } }
    var lines: [String] { lock.withLock { recorded } }
    var text: String { lines.joined() }
}

/// Seams the engine needs that store tests do not look at.
final class QuietWakeUp: WakeUpScheduling { func schedule(at instant: Instant?) {} }
final class QuietHaptics: HapticSink {
    func play(_ cue: HapticCue) {}
    func play(alert id: AlertID) {}
    func withdraw(_ id: AlertID) {}
    func replay(_ id: AlertID, firedAt: Instant) {}
}
final class QuietPublisher: StatusPublishing { func publish(_ status: EngineStatus) {} }
final class QuietEngineLog: EngineLogging {
    func info(_ message: String) {}
    func warning(_ message: String) {}
    func error(_ message: String) {}
    func debug(_ message: String) {}
}

/// The repository's network, loaded once.
let repositoryNetwork: Network = {
    let bytes = [UInt8](FileManager.default.contents(atPath: DaemonProcess.dataFile) ?? Data())
    return try! Network.load(json: bytes)
}()

/// A private temporary directory, removed by the caller.
func makeScratchDirectory(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-\(label)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A store that keeps nothing: for tests of what the engine publishes or plays, not what it stores.
final class NullEngineStore: EngineStore {
    func saveActiveTrip(_ trip: ActiveTrip?) throws {}
    func endTrip(_ entry: JournalEntry) throws -> Int64 { 1 }
    func saveCalibration(_ calibration: CalibrationStore) throws {}
    func saveRoutes(_ book: RouteBook, selected: RouteChoice?) throws {}
    func saveCalibrationSession(_ session: StoredCalibrationSession) throws {}
    func saveSuspensions(_ stretches: [SuspendedStretch]) throws {}
    func saveReminders(_ book: ReminderBook) throws {}
    func journal(limit: Int) throws -> [JournalEntry] { [] }
    func atomically(_ body: () throws -> Void) throws { try body() }
}
