import Testing
@testable import MetroModel

/// Model §5.4 step 4: a running fix goes on the segment whose line is nearest, except that of the segments within
/// 50 m of the nearest, the one whose arrival agrees best with the schedule is chosen; a segment farther than that
/// beyond the nearest is never chosen, however well it agrees.
@Suite("A fix near two segments of different lines (model §5.4)")
struct FixAmbiguityTests {
    /// A → B → C on L1 along the equator (B at 0 m, C 2 224 m east, A as far west), a change at C, and C → E on L2
    /// back west to E, 111 m north of B: the two lines draw apart from C, and half way from B to C the L2 line runs
    /// 55.5 m north of the L1 line.
    let track: FixSketchTrack
    let trip: Trip
    /// Half way from B to C, metres east.
    let halfWay = 1_112.0

    init() throws {
        track = try FixSketchTrack(places: ["A": (0, -2_224), "B": (0, 0), "C": (0, 2_224), "E": (111, 0)])
        trip = try track.trip("A", "E")
    }

    /// The event a fix is placed running toward, and its distance from that segment's line.
    func placed(north: Double, received: Instant) -> (toward: Int, off: Double)? {
        guard case .accepted(.running(let toward, _, _, _, _), let off, _, _)
            = track.decide(trip: trip, north: north, east: halfWay, received: received)
        else { return nil }
        return (toward, off)
    }

    @Test func theRouteRunsBothLinesPastTheSameSpot() {
        #expect(trip.events.map(\.station.rawValue) == ["A", "B", "C", "C", "E"])
        #expect(trip.route[3].isTransfer && trip.route[4].line != trip.route[2].line)
    }

    /// 40 m north of the L1 line, 15.6 m from the L2 line: both within 50 m of the nearest, so the schedule decides,
    /// whichever line is nearer.
    @Test func withinFiftyMetresTheArrivalThatAgreesWithTheScheduleWins() throws {
        // Half way along a 100 s ride is 50 s before its end; the fix is taken a second before it is received.
        let onL1 = trip.events[2].arrival - 49, onL2 = trip.events[4].arrival - 49
        let whileOnL1 = try #require(placed(north: 40, received: onL1))
        #expect(whileOnL1.toward == 2, "the model runs B → C: the farther line, whose arrival at C agrees")
        #expect(abs(whileOnL1.off - 40) < 1)
        let whileOnL2 = try #require(placed(north: 40, received: onL2))
        #expect(whileOnL2.toward == 4, "the model runs C → E: the nearer line, whose arrival at E agrees")
        #expect(whileOnL2.off < 16)
    }

    /// On the L1 line, 55.5 m from the L2 line: L2 is more than 50 m beyond the nearest and is not a candidate,
    /// even while the model runs it.
    @Test func moreThanFiftyMetresBeyondTheNearestIsNeverChosen() throws {
        let onL2 = trip.events[4].arrival - 49
        let placement = try #require(placed(north: 0, received: onL2))
        #expect(placement.toward == 2 && placement.off < 1)
        // 45 m north is 10.5 m from L2 and 45 m from L1: both count again, and the model's segment is chosen.
        let between = try #require(placed(north: 45, received: onL2))
        #expect(between.toward == 4)
    }
}
