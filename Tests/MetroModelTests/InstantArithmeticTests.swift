import Testing
@testable import MetroModel

/// No arithmetic on time may trap: instants and the wall mapping hold at the ends of `Int64` (a stored trip, a
/// receiver's date or a clock can be anything), and are exact everywhere else.
@Suite struct InstantArithmeticTests {
    @Test func exactInsideTheRange() {
        let t = Instant(seconds: 7_200)
        #expect((t + 25).nanoseconds == 7_225_000_000_000)
        #expect((t - 25).nanoseconds == 7_175_000_000_000)
        #expect(t + 30 - t == 30_000_000_000)
        let wall = WallClockMapping(unixNanosecondsAtZero: 1_787_648_400_000_000_000)
        #expect(wall.instant(atUnixNanoseconds: wall.unixNanoseconds(at: t)) == t)
    }

    @Test func heldAtTheEndsInsteadOfTrapping() {
        let late = Instant(nanoseconds: .max - 1)
        #expect((late + 10).nanoseconds == .max)
        #expect((late - Int.min).nanoseconds == .max)
        #expect((Instant(nanoseconds: .min + 1) - 10).nanoseconds == .min)
        #expect(Instant(seconds: .max).nanoseconds == .max && Instant(seconds: .min).nanoseconds == .min)
        #expect(Instant(nanoseconds: .max) - Instant(nanoseconds: .min) == .max)
        #expect(Instant(nanoseconds: .min) - Instant(nanoseconds: .max) == .min)
        let mapping = WallClockMapping(unixNanosecondsAtZero: .max / 2 + 10)
        #expect(mapping.unixNanoseconds(at: Instant(nanoseconds: .max / 2)) == .max)
        #expect(WallClockMapping(unixNanosecondsAtZero: .min).instant(atUnixNanoseconds: 0).nanoseconds == .max)
    }
}
