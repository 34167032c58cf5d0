import Testing
@testable import MetroModel

/// Model §6.2: a segment keeps at most `PassiveCalibration.maximumSightings` (64) moving fixes; the 65th thins them
/// to every other one, keeping the oldest and the newest, so what is kept still spans the segment.
@Suite("The cap on a segment's moving fixes (model §6.2)")
struct PassiveSightingsCapTests {
    let route: [PassiveCalibration.Stop] = [
        .init(station: "dep", isTransfer: false, dwellSeconds: 0),
        .init(station: "s1", isTransfer: false, dwellSeconds: 25),
    ]

    /// The fix `k` (from 0), one a second from t0 + 10 s, 20 m apart.
    func note(_ k: Int, into passive: inout PassiveCalibration) {
        let at = Instant(seconds: 10 + Int64(k))
        _ = passive.noteRunning(toward: 1, alongMeters: 20 * Double(k), lengthMeters: 2_000, modelRunningSeconds: 120,
                                at: at, arrival: at + 60, route: route)
    }

    @Test func sixtyFourAreKeptTheSixtyFifthHalvesThemKeepingBothEnds() throws {
        #expect(PassiveCalibration.maximumSightings == 64)
        var passive = PassiveCalibration()
        for k in 0..<64 { note(k, into: &passive) }
        let full = try #require(passive.segments[1]?.sightings)
        #expect(full.count == 64)
        let everySecond = (0..<64).map { Instant(seconds: 10 + Int64($0)) }
        #expect(full.map(\.at) == everySecond)

        note(64, into: &passive)
        let thinned = try #require(passive.segments[1]?.sightings)
        #expect(thinned.count == 33)
        #expect(thinned.first?.at == Instant(seconds: 10), "the oldest is kept")
        #expect(thinned.last?.at == Instant(seconds: 74), "the newest is kept")
        let everyOther = stride(from: 0, through: 64, by: 2).map { 20 * Double($0) }
        #expect(thinned.map(\.alongMeters) == everyOther)

        // It fills up again from there: 31 more before the next thinning.
        for k in 65..<96 { note(k, into: &passive) }
        let refilled = try #require(passive.segments[1]?.sightings)
        #expect(refilled.count == 64 && refilled.last?.at == Instant(seconds: 105))
        note(96, into: &passive)
        let again = try #require(passive.segments[1]?.sightings)
        #expect(again.count == 33 && again.first?.at == Instant(seconds: 10) && again.last?.at == Instant(seconds: 106))
    }
}
