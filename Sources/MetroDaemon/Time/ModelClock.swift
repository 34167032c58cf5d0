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

    /// The model timeline stays below this (about 146 years): trip arithmetic adds hours to an instant and the
    /// wall mapping adds Unix time to it, and half of `Int64`'s range leaves room for both.
    public static let timelineLimit: Int64 = Int64.max / 2

    /// The least real running time a scaled clock must have left before `timelineLimit` for the daemon to start.
    public static let minimumRoomNanoseconds: Int64 = 86_400 * 1_000_000_000

    /// Wall readings used for the timetable are kept within 1970 … 2200 (the command line's planning range ends
    /// there too), so `now − model` and the mapping's sums are representable whatever the system clock says.
    public static let wallRange: ClosedRange<Int64> = 0...7_258_118_400_000_000_000

    /// Model instant of a boot-time reading. Saturates at `timelineLimit` (never traps); start-up refuses a scale
    /// that would get there within `minimumRoomNanoseconds` (see `rangeRefusal`).
    public func model(boottime: Int64) -> Instant {
        let scaled = scale == 1 ? boottime : ModelClock.clampedInt64(Double(boottime) * scale)
        return Instant(nanoseconds: min(max(scaled, -ModelClock.timelineLimit), ModelClock.timelineLimit))
    }

    /// Boot-time reading at which a model instant is reached (rounded up, so nothing fires early).
    public func boottime(of instant: Instant) -> Int64 {
        scale == 1 ? instant.nanoseconds : ModelClock.clampedInt64((Double(instant.nanoseconds) / scale).rounded(.up))
    }

    /// Why this clock cannot run from boot-time reading `boottime`, or nil when the scaled timeline has at least
    /// `minimumRoomNanoseconds` of real time left. `time_scale` multiplies the whole uptime, so a large scale on a
    /// machine that has been up for days runs out of nanoseconds (10 000 after about five days).
    /// The refusal is worded in both languages (`--check-config` answers in the rider's; the log is English).
    public func rangeRefusal(boottime: Int64) -> Phrase? {
        let room = Double(ModelClock.timelineLimit) / scale - Double(boottime)
        guard room < Double(ModelClock.minimumRoomNanoseconds) else { return nil }
        let uptimeHours = Int(Double(boottime) / 3.6e12)
        let longest = Int(Double(ModelClock.timelineLimit) / (scale * 3.6e12))
        let needed = Int(ModelClock.minimumRoomNanoseconds / 3_600_000_000_000)
        let scaleText = scale == scale.rounded() ? String(Int(scale)) : String(scale)
        let hours = { (n: Int) in "\(n) " + Plural.ukrainian(n, one: "годину", few: "години", many: "годин") }
        let hoursAfter = { (n: Int) in "\(n) " + Plural.ukrainian(n, one: "години", few: "годин", many: "годин") }
        return Phrase(
            uk: "time_scale \(scaleText) не може працювати після \(hoursAfter(uptimeHours)) роботи системи: прискореному "
                + "годиннику потрібен запас у \(hours(needed)), а за цього масштабу він вичерпується після "
                + "\(hoursAfter(longest)) роботи системи (зменште time_scale або перезапустіть машину)",
            en: "time_scale \(scaleText) cannot run after \(uptimeHours) hours of uptime: the scaled clock needs "
                + "\(needed) hours of room and runs out after "
                + "\(longest) hours of uptime at this scale (lower time_scale, or restart the machine)")
    }

    /// `value` rounded to the nearest `Int64`, saturated at its ends (NaN reads as zero).
    static func clampedInt64(_ value: Double) -> Int64 {
        guard !value.isNaN else { return 0 }
        // 2^63 is exactly representable as a Double and is the first value past Int64.max.
        if value >= 9_223_372_036_854_775_808.0 { return .max }
        if value <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(value.rounded())
    }

    /// Now on the model timeline.
    public func now() -> Instant { model(boottime: readBoot()) }

    /// The wall mapping valid now: the model instant `now` corresponds to the current Unix time, and model
    /// durations map one to one onto wall durations (so a scaled ride looks up the timetable of the scaled hour).
    public func wallMapping(wallUnixNanoseconds: Int64? = nil) -> WallClockMapping {
        let boot = readBoot()
        let reading = wallUnixNanoseconds ?? readWall()
        let wall = min(max(reading, ModelClock.wallRange.lowerBound), ModelClock.wallRange.upperBound)
        return WallClockMapping(unixNanosecondsAtZero: wall - model(boottime: boot).nanoseconds)
    }
}
