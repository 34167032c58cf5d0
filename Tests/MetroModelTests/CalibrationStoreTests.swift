import Foundation
import Testing
@testable import MetroModel

@Suite struct CalibrationStoreTests {
    let ab = SegmentKey(from: "a", to: "b")
    let ba = SegmentKey(from: "b", to: "a")

    @Test func averagingFollowsTheRunningMeanFormula() {
        var store = CalibrationStore()
        #expect(store.add(CalibrationSample(key: ab, field: .running, seconds: 100)) == .accepted(newAverage: 100, count: 1))
        #expect(store.add(CalibrationSample(key: ab, field: .running, seconds: 130)) == .accepted(newAverage: 115, count: 2))
        // (115·2 + 40) / 3 = 90
        #expect(store.add(CalibrationSample(key: ab, field: .running, seconds: 40)) == .accepted(newAverage: 90, count: 3))
        #expect(store.runningAverage(for: ab) == 90)
        #expect(store.record(for: ab)?.running?.count == 3)
    }

    @Test func runningAndDwellAreIndependent() {
        var store = CalibrationStore()
        store.add(CalibrationSample(key: ab, field: .dwell, seconds: 20))
        #expect(store.runningAverage(for: ab) == nil)
        #expect(store.dwellAverage(for: ab) == 20)
        store.add(CalibrationSample(key: ab, field: .running, seconds: 200))
        #expect(store.dwellAverage(for: ab) == 20)
        #expect(store.record(for: ab)?.dwell?.count == 1)
        #expect(store.runningAverage(for: ab) == 200)
    }

    @Test func calibrationIsNeverMirrored() {
        var store = CalibrationStore()
        store.add(CalibrationSample(key: ab, field: .running, seconds: 200))
        #expect(store.runningAverage(for: ba) == nil)
        #expect(store.record(for: ba) == nil)
    }

    @Test(arguments: [
        (CalibrationField.running, 29.9), (.running, 900.1), (.running, 0.2), (.running, -50), (.running, .nan),
        (.running, .infinity), (.dwell, 2.99), (.dwell, 600.5), (.dwell, 0),
    ])
    func implausibleSampleIsRejectedAndCreatesNothing(field: CalibrationField, seconds: Double) {
        var store = CalibrationStore()
        let outcome = store.add(CalibrationSample(key: ab, field: field, seconds: seconds))
        guard case .rejected(let reason) = outcome else {
            Issue.record("accepted \(seconds) s")
            return
        }
        #expect(store == .empty)
        #expect(store.record(for: ab) == nil)
        #expect(reason.description.contains("a>b"))
        #expect(reason.description.contains(field == .running ? "30…900" : "3…600"))
    }

    @Test func rejectionLeavesAnExistingRecordUntouched() {
        var store = CalibrationStore()
        store.add(CalibrationSample(key: ab, field: .running, seconds: 100))
        let before = store
        #expect(store.add(CalibrationSample(key: ab, field: .running, seconds: 0.2)) != .accepted(newAverage: 100, count: 1))
        #expect(store == before)
        #expect(store.record(for: ab)?.running?.count == 1)
    }

    @Test func rejectionNamesTheValue() {
        var store = CalibrationStore()
        guard case .rejected(let reason) = store.add(CalibrationSample(key: ab, field: .running, seconds: 0.2)) else {
            Issue.record("accepted")
            return
        }
        #expect(reason.description == "running time 0.2 s for a>b is outside the plausible 30…900 s")
    }

    @Test(arguments: [(CalibrationField.running, 30.0), (.running, 900), (.dwell, 3), (.dwell, 600)])
    func rangeBoundsAreInclusive(field: CalibrationField, seconds: Double) {
        var store = CalibrationStore()
        #expect(store.add(CalibrationSample(key: ab, field: field, seconds: seconds)) == .accepted(newAverage: seconds, count: 1))
    }

    @Test func sanitisingDropsJunkWithCountsAndRemovesEmptyRecords() {
        let cd = SegmentKey(from: "c", to: "d")
        let ef = SegmentKey(from: "e", to: "f")
        let records = [
            CalibrationRecord(key: ab, running: CalibrationAverage(average: 0.2, count: 7),
                              dwell: CalibrationAverage(average: 22, count: 4)),
            CalibrationRecord(key: cd, running: CalibrationAverage(average: 0.2, count: 2), dwell: nil),
            CalibrationRecord(key: ef, running: CalibrationAverage(average: 120, count: 3),
                              dwell: CalibrationAverage(average: 601, count: 1)),
        ]
        let (store, dropped) = CalibrationStore.sanitised(records)
        #expect(store.runningAverage(for: ab) == nil)
        #expect(store.dwellAverage(for: ab) == 22)
        #expect(store.record(for: ab)?.dwell?.count == 4)
        #expect(store.record(for: cd) == nil)
        #expect(store.runningAverage(for: ef) == 120)
        #expect(store.dwellAverage(for: ef) == nil)
        #expect(store.records.map(\.key) == [ab, ef])
        #expect(dropped.count == 3)
        #expect(dropped[0].contains("a>b") && dropped[0].contains("0.2") && dropped[0].contains("7 samples"))
        #expect(dropped[1].contains("c>d") && dropped[1].contains("2 samples"))
        #expect(dropped[2].contains("e>f") && dropped[2].contains("dwell") && dropped[2].contains("601") && dropped[2].contains("1 sample"))
    }

    @Test func sanitisingDropsNonPositiveCountsAndKeepsCleanRecords() {
        let records = [CalibrationRecord(key: ab, running: CalibrationAverage(average: 100, count: 0),
                                         dwell: CalibrationAverage(average: 25, count: 2))]
        let (store, dropped) = CalibrationStore.sanitised(records)
        #expect(dropped.count == 1)
        #expect(store.record(for: ab) == CalibrationRecord(key: ab, running: nil, dwell: CalibrationAverage(average: 25, count: 2)))
        let clean = CalibrationStore.sanitised(store.records)
        #expect(clean.dropped.isEmpty)
        #expect(clean.0 == store)
    }

    @Test func codableRoundTripAndLoadSanitises() throws {
        var store = CalibrationStore()
        store.add(CalibrationSample(key: ab, field: .running, seconds: 100))
        store.add(CalibrationSample(key: ba, field: .dwell, seconds: 30))
        let data = try JSONEncoder().encode(store)
        #expect(try JSONDecoder().decode(CalibrationStore.self, from: data) == store)
        let json = #"[{"segment":"a>b","running":{"average":0.2,"count":5}},{"segment":"b>a","dwell":{"average":30,"count":1}}]"#
        let loaded = try JSONDecoder().decode(CalibrationStore.self, from: Data(json.utf8))
        #expect(loaded.record(for: ab) == nil)
        #expect(loaded.dwellAverage(for: ba) == 30)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CalibrationStore.self, from: Data(#"[{"segment":"ab"}]"#.utf8))
        }
    }

    @Test func resetAndSetForTesting() {
        var store = CalibrationStore()
        store.setForTesting(ab, running: 5, dwell: nil)
        #expect(store.runningAverage(for: ab) == 5)
        #expect(store.dwellAverage(for: ab) == nil)
        store.setForTesting(ba, running: 100, dwell: 20)
        store.setForTesting(ab, running: nil, dwell: nil)
        #expect(store.record(for: ab) == nil)
        store.reset(ba)
        #expect(store.isEmpty)
        store.add(CalibrationSample(key: ab, field: .running, seconds: 100))
        store.reset()
        #expect(store == .empty)
    }
}
