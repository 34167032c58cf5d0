import MetroLab
import MetroModel
import Testing

/// The motion rider on a small fixed-seed corpus (every 53rd ordered pair, all five times of day, both headway
/// readings, two rides each): the promises of model §5.5 through the real engine, on the lab's synthetic traces.
@Suite struct MotionLabTests {
    static let plan = CorpusPlan(seed: 20_260_915, startOnlyRides: 4, correctingRides: 0, pairStride: 53, motionRides: 2)
    static let figures: CorpusFigures = Corpus(worlds: labWorlds, plan: plan).run(chunks: 4)

    @Test func motionRidersAreNeverLate() {
        for kind in RideKind.allCases {
            let t = Self.figures.total(behaviour: .motion, kind: kind)
            #expect(t.rides > 0)
            #expect(t.late == 0, "\(t.late) of \(t.rides) \(kind.rawValue) motion rides warned after the doors opened")
        }
    }

    @Test func withAChangeTheyAreInTheWindowMostOfTheTime() throws {
        let motion = try #require(Self.figures.total(behaviour: .motion, kind: .change).inWindowShare)
        let startOnly = try #require(Self.figures.total(behaviour: .startOnly, kind: .change).inWindowShare)
        #expect(motion >= 0.6, "with a change, motion riders are in the window on \(motion) of the rides")
        #expect(motion > 2 * startOnly, "motion \(motion) against the start press only \(startOnly)")
    }

    @Test func oneLineRidesKeepTheirFloor() throws {
        let motion = try #require(Self.figures.total(behaviour: .motion, kind: .oneLine).inWindowShare)
        // The press's floor is 80 %; the confirmation at the stop before the destination lifts them above 95 %.
        #expect(motion >= 0.95, "one-line motion rides in the window: \(motion)")
    }

    /// "Yours is next" confirmed by a stand (model §5.5 item 5): never after the doors opened, hardly ever a
    /// station early, and it brings far more rides into the window than it takes out.
    @Test func confirmationsComeAtTheStopBeforeTheDestination() {
        let m = Self.figures.total(behaviour: .motion).motion
        #expect(m.confirmations > 100)
        #expect(m.confirmationsLate == 0, "\(m.confirmationsLate) confirmations after the doors opened")
        let early = m.confirmationsEarly * 100
        #expect(early <= m.confirmations, "\(m.confirmationsEarly) of \(m.confirmations) a station early")
        let lost = m.confirmationsLost * 20
        #expect(lost <= m.confirmationsGained, "brought into the window \(m.confirmationsGained), out \(m.confirmationsLost)")
    }

    @Test func theDetectorFindsTheTrainsAndTheWalks() {
        let m = Self.figures.total(behaviour: .motion).motion
        #expect(m.departures > 1_000 && m.stationStops > 1_000)
        let departures = Double(m.departuresFound) / Double(m.departures)
        let stops = Double(m.stationStopsFound) / Double(m.stationStops)
        #expect(departures >= 0.95, "departures found: \(departures)")
        #expect(stops >= 0.95, "station stops found: \(stops)")
        #expect(m.changesToTake > 100)
        let taken = Double(m.changesTaken) / Double(m.changesToTake)
        #expect(taken >= 0.9, "changes taken from motion: \(taken)")
        // The engine allows an anchor 5 s late (model §4): a departure taken later than that would eat into the
        // never-late margin.
        let latest = m.takenError.quantile(1) ?? 0
        #expect(latest <= ArrivalUncertainty.anchorSeconds, "a departure taken \(latest) s after the pull-out")
    }

    /// Each ride's trace comes from its own seeded stream: the same figures whatever the split of the work.
    @Test func theFiguresAreReproducible() {
        let again = Corpus(worlds: labWorlds, plan: Self.plan).run(chunks: 3)
        #expect(again.total(behaviour: .motion) == Self.figures.total(behaviour: .motion))
    }
}
