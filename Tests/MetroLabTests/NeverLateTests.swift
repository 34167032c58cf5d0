import MetroLab
import MetroModel
import Testing

/// The lab on a small fixed-seed corpus (every 53rd ordered pair, all five times of day, both headway readings):
/// the alert policy's promises, checked through the real engine. Deterministic: the same rides every run.
@Suite struct NeverLateTests {
    static let figures: CorpusFigures = Corpus(
        worlds: labWorlds, plan: CorpusPlan(seed: 20_260_915, startOnlyRides: 12, correctingRides: 3, pairStride: 53,
                                            motionRides: 0)
    ).run(chunks: 4)

    @Test func theCorpusCoversBothKindsOfRide() {
        let f = Self.figures
        #expect(f.pairs == 51 && f.unplannable == 0)
        #expect(f.total(behaviour: .startOnly, kind: .oneLine).rides > 1_000)
        #expect(f.total(behaviour: .startOnly, kind: .change).rides > 2_000)
        #expect(f.total(behaviour: .trainDeparted, kind: .change).rides > 500)
        #expect(f.total(behaviour: .gps).rides > 100)
    }

    /// Only GPS riders teach calibration, and they do on a surface stretch: every learned running average is
    /// compared with the ride's truth of that segment.
    @Test func onlyGPSRidesTeachCalibration() {
        // Every GPS ride has a surface stretch (that kind counts each of them once).
        let gps = Self.figures.total(behaviour: .gps, kind: .surface)
        #expect(gps.rides == Self.figures.total(behaviour: .gps, kind: .oneLine).rides
            + Self.figures.total(behaviour: .gps, kind: .change).rides)
        #expect(gps.calibration.segments > 0, "GPS rides learned nothing: \(gps.calibration)")
        #expect(gps.calibration.samples >= gps.calibration.segments)
        #expect(gps.calibration.error.total == gps.calibration.segments)
        for behaviour in [RiderBehaviour.startOnly, .trainDeparted] {
            #expect(Self.figures.total(behaviour: behaviour).calibration.segments == 0, "\(behaviour.rawValue)")
        }
        #expect(FigureTable.calibration(Self.figures).contains("| with a surface stretch, \(gps.rides) rides | \(gps.calibration.segments) |"))
    }

    @Test func yoursIsNextIsNeverLateWithTheStartPressOnly() {
        for kind in RideKind.allCases {
            let t = Self.figures.total(behaviour: .startOnly, kind: kind)
            #expect(t.late == 0, "\(t.late) of \(t.rides) \(kind.rawValue) rides warned after the doors opened")
        }
    }

    @Test func oneLineRidesKeepTheirWindow() throws {
        let share = try #require(Self.figures.total(behaviour: .startOnly, kind: .oneLine).inWindowShare)
        #expect(share >= 0.80, "one-line in-window share \(share)")
    }

    /// The "before" is measured on the same rides: the start press only (the rider of before was never asked to
    /// press "train departed"), scored with "yours is next" by the rule before the never-late bound. The rider of
    /// now is asked by "change here" and its reminder, and presses: at least twice that share in the window.
    @Test func ridesWithAChangeAtLeastDoubleTheirWindowShare() throws {
        let before = try #require(Self.figures.totalBeforePolicy(kind: .change).inWindowShare)
        let asked = try #require(Self.figures.total(behaviour: .trainDeparted, kind: .change).inWindowShare)
        #expect(before > 0.2, "the rule before the change puts \(before) of the rides with a change in the window")
        #expect(asked >= 2 * before, "with a change: \(asked) in the window when asked and pressing, \(before) before")
    }

    /// The rule before the change was late after a change: what the never-late bound is for.
    @Test func theRuleBeforeTheChangeWasLateAfterAChange() {
        let before = Self.figures.totalBeforePolicy(kind: .change)
        #expect(before.rides == Self.figures.total(behaviour: .startOnly, kind: .change).rides)
        #expect(before.late > 0, "the old rule warned after the doors opened on \(before.late) of \(before.rides)")
    }

    /// The ask is made in time and the reminder stops once "train departed" is pressed.
    @Test func theRiderIsAskedAndTheReminderEndsWithThePress() {
        let asked = Self.figures.total(behaviour: .trainDeparted, kind: .change)
        #expect(asked.notAsked == 0, "\(asked.notAsked) riders were never asked before their train left")
        #expect(asked.remindedAfterPress == 0, "the reminder played after the press on \(asked.remindedAfterPress) rides")
        #expect(asked.reminded > 0, "the reminder comes on rides with a change")
        let startOnly = Self.figures.total(behaviour: .startOnly, kind: .change)
        #expect(startOnly.reminded > 0 && startOnly.reminded <= startOnly.rides)
    }

    @Test func theEngineNeverSpunAndTheFiguresAreReproducible() {
        let again = Corpus(worlds: labWorlds,
                           plan: CorpusPlan(seed: 20_260_915, startOnlyRides: 12, correctingRides: 3, pairStride: 53,
                                            motionRides: 0))
            .run(chunks: 3)
        #expect(again == Self.figures, "the same seed gave different figures with another split of the work")
    }
}
