import MetroModel
import Testing

/// The station decoder (model §5.5): the runs felt, placed on the route by their running times.
@Suite struct MotionDecoderTests {
    /// Five segments of 120, 90, 150, 100 and 130 s, 25 s dwells.
    let decoder = StationDecoder(running: [120, 90, 150, 100, 130], dwell: [25, 25, 25, 25, 25])

    @Test func runsAsBookedAreOneStationEach() {
        #expect(decoder.decode(runs: [118, 93, 147]) == [.station(0), .station(1), .station(2)])
    }

    @Test func aMissedStopMergesTwoSegmentsAndItsDwell() {
        // 120 + 25 + 90: the stop at the end of the first segment was not felt.
        #expect(decoder.decode(runs: [236, 150]) == [.station(1), .station(2)])
    }

    @Test func aStopAtASignalSplitsOneSegment() {
        // The 150 s segment run as 70 + 78 with a stand between.
        #expect(decoder.decode(runs: [120, 90, 70, 78, 100]) == [.station(0), .station(1), .signal(2), .station(2), .station(3)])
    }

    @Test func theTrainMayBeStandingAtASignalNow() {
        // 40 s into the 90 s segment, the train stands.
        #expect(decoder.decode(runs: [121, 40]) == [.station(0), .signal(1)])
    }

    @Test func moreRunsThanTheRouteHoldsFitNowhere() {
        let short = StationDecoder(running: [100], dwell: [25])
        #expect(short.decode(runs: [100, 100, 100, 100, 100]) == nil)
        #expect(short.decode(runs: []) == [])
    }

    @Test func theCostOfEachLastPlaceSaysHowClearTheBestIs() throws {
        let clear = try #require(decoder.placement(runs: [118, 93, 147]))
        #expect(clear.places == [.station(0), .station(1), .station(2)])
        let best = try #require(clear.lastPlaceCosts[.station(2)])
        #expect(clear.lastPlaceCosts.values.allSatisfy { $0 >= best })
        let further = try #require(clear.lastPlaceCosts[.station(3)])
        #expect(further - best > 3, "a stop missed at the third station is far less likely")
        // Halfway between the third segment's run (150) and the third and fourth run through (275): a toss-up.
        let between = try #require(decoder.placement(runs: [118, 93, 212]))
        let third = try #require(between.lastPlaceCosts[.station(2)])
        let fourth = try #require(between.lastPlaceCosts[.station(3)])
        #expect(abs(third - fourth) < 3)
    }
}
