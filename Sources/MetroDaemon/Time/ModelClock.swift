import MetroModel
import MetroSystem

/// The daemon's view of time. The model timeline is the kernel's boot-time clock multiplied by `time_scale`
/// (1 in service), so at scale 1 a model instant *is* a `CLOCK_BOOTTIME` reading and survives a daemon restart;
/// at scale 60 a 40-minute ride passes in 40 seconds (demos and tests; the log and the status say so loudly).
///
/// Haptic patterns and gesture timing always run in real time: a buzz must be long enough to feel whatever the
/// scale.
public struct ModelClock: Sendable {
    public let scale: Double
    private let readBoot: @Sendable () -> Int64
    private let readWall: @Sendable () -> Int64

    public init(scale: Double, boot: @escaping @Sendable () -> Int64 = { Clocks.now(.boottime) },
                wall: @escaping @Sendable () -> Int64 = { Clocks.now(.realtime) })
    {
        precondition(scale >= 1)
        self.scale = scale
        self.readBoot = boot
        self.readWall = wall
    }

    /// The current boot-time reading, nanoseconds.
    public func bootNow() -> Int64 { readBoot() }

    /// Model instant of a boot-time reading.
    public func model(boottime: Int64) -> Instant {
        scale == 1 ? Instant(nanoseconds: boottime) : Instant(nanoseconds: Int64((Double(boottime) * scale).rounded()))
    }

    /// Boot-time reading at which a model instant is reached (rounded up, so nothing fires early).
    public func boottime(of instant: Instant) -> Int64 {
        scale == 1 ? instant.nanoseconds : Int64((Double(instant.nanoseconds) / scale).rounded(.up))
    }

    /// Now on the model timeline.
    public func now() -> Instant { model(boottime: readBoot()) }

    /// The wall mapping valid now: the model instant `now` corresponds to the current Unix time, and model
    /// durations map one to one onto wall durations (so a scaled ride looks up the timetable of the scaled hour).
    public func wallMapping(wallUnixNanoseconds: Int64? = nil) -> WallClockMapping {
        let boot = readBoot()
        let wall = wallUnixNanoseconds ?? readWall()
        return WallClockMapping(unixNanosecondsAtZero: wall - model(boottime: boot).nanoseconds)
    }
}
