import Testing
@testable import MetroModel

@Suite struct CalibrationPassiveTests {
    /// dep(0) — s1(1) — s2(2) — x(3, exit) — T(4, transfer) — s5(5)
    let route: [PassiveCalibration.Stop] = [
        .init(station: "dep", isTransfer: false, dwellSeconds: 0),
        .init(station: "s1", isTransfer: false, dwellSeconds: 25),
        .init(station: "s2", isTransfer: false, dwellSeconds: 30),
        .init(station: "x", isTransfer: false, dwellSeconds: 20),
        .init(station: "t", isTransfer: true, dwellSeconds: 0),
        .init(station: "s5", isTransfer: false, dwellSeconds: 0),
    ]

    func at(_ s: Int64) -> Instant { Instant(seconds: s) }

    @Test func consecutiveEntriesGiveEntryDifferenceMinusDwell() {
        var passive = PassiveCalibration()
        #expect(passive.noteSnap(eventIndex: 1, at: at(100), route: route).isEmpty)
        #expect(passive.noteSnap(eventIndex: 1, at: at(130), route: route).isEmpty)   // standing: not an entry
        let samples = passive.noteSnap(eventIndex: 2, at: at(250), route: route)
        #expect(samples == [CalibrationSample(key: SegmentKey(from: "s1", to: "s2"), field: .running, seconds: 125)])
        #expect(passive.entries[1] == at(100))
        // Repeated fixes inside s2's circle give nothing more.
        #expect(passive.noteSnap(eventIndex: 2, at: at(260), route: route).isEmpty)
    }

    @Test func subSecondInstantsAreKept() {
        var passive = PassiveCalibration()
        _ = passive.noteSnap(eventIndex: 1, at: Instant(nanoseconds: 100_000_000_000), route: route)
        let samples = passive.noteSnap(eventIndex: 2, at: Instant(nanoseconds: 250_500_000_000), route: route)
        #expect(samples.first?.seconds == 125.5)
    }

    @Test func theDepartureIsNeverThePreviousEvent() {
        var passive = PassiveCalibration()
        _ = passive.noteSnap(eventIndex: 0, at: at(0), route: route)
        #expect(passive.noteSnap(eventIndex: 1, at: at(150), route: route).isEmpty)
    }

    @Test func aGapGivesNothingButTheNextPairDoes() {
        var passive = PassiveCalibration()
        _ = passive.noteSnap(eventIndex: 1, at: at(100), route: route)
        #expect(passive.noteSnap(eventIndex: 3, at: at(500), route: route).isEmpty)
        var other = PassiveCalibration()
        _ = other.noteSnap(eventIndex: 2, at: at(100), route: route)
        let samples = other.noteSnap(eventIndex: 3, at: at(300), route: route)
        #expect(samples == [CalibrationSample(key: SegmentKey(from: "s2", to: "x"), field: .running, seconds: 170)])
    }

    @Test func transfersOnEitherSideGiveNothing() {
        var passive = PassiveCalibration()
        _ = passive.noteSnap(eventIndex: 3, at: at(100), route: route)
        #expect(passive.noteSnap(eventIndex: 4, at: at(300), route: route).isEmpty)
        #expect(passive.noteSnap(eventIndex: 5, at: at(500), route: route).isEmpty)
    }

    @Test func goingBackOrReenteringDoesNotMeasure() {
        var passive = PassiveCalibration()
        _ = passive.noteSnap(eventIndex: 1, at: at(100), route: route)
        _ = passive.noteSnap(eventIndex: 2, at: at(250), route: route)
        // A stray fix back at s1, then s2 again: s2's entry is already known.
        #expect(passive.noteSnap(eventIndex: 1, at: at(260), route: route).isEmpty)
        #expect(passive.noteSnap(eventIndex: 2, at: at(270), route: route).isEmpty)
        #expect(passive.entries[1] == at(100))
    }

    @Test func outOfRouteIndicesAreIgnored() {
        var passive = PassiveCalibration()
        #expect(passive.noteSnap(eventIndex: 9, at: at(1), route: route).isEmpty)
        #expect(passive.noteSnap(eventIndex: -1, at: at(1), route: route).isEmpty)
        #expect(passive.entries.isEmpty)
        #expect(passive.lastSnappedIndex == nil)
    }

    @Test func implausibleSamplesAreLeftToTheStore() {
        var passive = PassiveCalibration()
        _ = passive.noteSnap(eventIndex: 1, at: at(100), route: route)
        let samples = passive.noteSnap(eventIndex: 2, at: at(130), route: route)   // 30 − 25 = 5 s
        #expect(samples.map(\.seconds) == [5])
        var store = CalibrationStore()
        #expect(store.add(samples) .allSatisfy { if case .rejected = $0 { true } else { false } })
        #expect(store.isEmpty)
    }
}
