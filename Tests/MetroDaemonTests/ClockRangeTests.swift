import MetroModel
import MetroSystem
import Testing
@testable import MetroDaemon

/// No arithmetic on a clock reading traps: a scaled clock that would overflow is refused before start-up, and a
/// wall clock past the end of `Int64` nanoseconds (April 2262) saturates.
@Suite struct ClockRangeTests {
    static let day: Int64 = 86_400 * 1_000_000_000

    /// The reproductions: scale 10 000 after 11 days of uptime, 60 after 1 900 days.
    @Test(arguments: [(10_000.0, 11), (60.0, 1_900), (10_000.0, 5)])
    func aScaleThatOverflowsTheUptimeIsRefusedNotTrapped(_ scale: Double, _ days: Int) {
        let uptime = Int64(days) * ClockRangeTests.day
        let clock = ModelClock(scale: scale, boot: { uptime }, wall: { 1_786_994_400_000_000_000 })
        let refusal = clock.rangeRefusal(boottime: uptime)
        #expect(refusal?.en.contains("time_scale \(Int(scale)) cannot run after \(days * 24) hours of uptime") == true,
                "\(refusal?.en ?? "nil")")
        // The same refusal in Ukrainian, for --check-config: the uptime named with the plural its number takes.
        #expect(refusal?.uk.contains("time_scale \(Int(scale)) не може працювати після \(days * 24) годин роботи системи") == true,
                "\(refusal?.uk ?? "nil")")
        // Even past the range nothing traps: the model clock saturates and the wall mapping stays representable.
        #expect(clock.now().nanoseconds == min(ModelClock.timelineLimit, ModelClock.clampedInt64(Double(uptime) * scale)))
        let mapping = clock.wallMapping()
        _ = mapping.unixNanoseconds(at: clock.now() + 3 * 3600)
        #expect(clock.boottime(of: Instant(nanoseconds: .max)) <= Int64.max)
    }

    @Test(arguments: [(1.0, 365 * 50), (60.0, 365), (10_000.0, 1), (10_000.0, 0)])
    func aScaleWithRoomLeftStarts(_ scale: Double, _ days: Int) {
        let uptime = Int64(days) * ClockRangeTests.day
        #expect(ModelClock(scale: scale).rangeRefusal(boottime: uptime) == nil)
        let clock = ModelClock(scale: scale, boot: { uptime })
        #expect(clock.now().nanoseconds == Int64((Double(uptime) * scale).rounded()))
    }

    @Test func aWallClockPast2262SaturatesInsteadOfTrapping() {
        // 2263-01-01 and 1677-01-01: the first seconds past each end of Int64 nanoseconds.
        #expect(Clocks.nanoseconds(seconds: 9_247_564_800, nanoseconds: 0) == .max)
        #expect(Clocks.nanoseconds(seconds: -9_246_441_600, nanoseconds: 0) == .min)
        #expect(Clocks.nanoseconds(seconds: 9_223_372_036, nanoseconds: 999_999_999) == .max)
        #expect(Clocks.nanoseconds(seconds: 1_786_994_400, nanoseconds: 5) == 1_786_994_400_000_000_005)
        // The timetable sees a wall clock clamped to 1970 … 2200, whatever the system clock says.
        let clock = ModelClock(scale: 60, boot: { 3_600_000_000_000 }, wall: { .max })
        let mapping = clock.wallMapping()
        #expect(mapping.unixNanoseconds(at: clock.now()) == ModelClock.wallRange.upperBound)
        _ = mapping.unixNanoseconds(at: clock.now() + 86_400)
    }

    @Test func theGPSCorrectedWallClockSaturates() {
        let wall = TimetableWallClock(system: { .max - 10 }, isSynchronised: { false })
        wall.noteReceiverTime(unixNanoseconds: 1_786_994_400_000_000_000, systemNow: 1_000_000_000_000_000_000)
        #expect(wall.now() == .max)
    }
}
