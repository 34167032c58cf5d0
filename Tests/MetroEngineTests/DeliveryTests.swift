import Foundation
import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

/// At-least-once delivery (an outbox): an alert is stored as fired when it falls due and as delivered once the
/// motor has played all of it; a restart plays again whatever fired but was not delivered. And the wake-up alarm
/// that "get off now" starts, played on the real player on a virtual clock.
///
/// akademmistechko → khreshchatyk (model §13 example 1): next_stop at t0 + 1207 s under the never-late bound, arrival at t0 + 1334 s.
@Suite("Alert delivery and the wake-up alarm through the engine")
struct DeliveryTests {
    static let route = RouteChoice(from: "akademmistechko", to: "khreshchatyk")

    func ride(_ rig: PlayingRig) throws -> Instant {
        let t0 = rig.now
        try rig.engine.start(t0: t0, wall: rig.wall, now: t0)
        return t0
    }

    @Test("an alert is stored fired when due, and delivered only when its buzz has ended")
    func firedThenDelivered() throws {
        let rig = PlayingRig(route: Self.route)
        let t0 = try ride(rig)
        rig.advance(to: t0 + 1207)
        #expect(rig.store.activeTrip?.fired[.nextStop] == t0 + 1207)
        #expect(rig.store.activeTrip?.delivered[.nextStop] == nil, "stored delivered before it was played")
        rig.advance(to: Instant(nanoseconds: (t0 + 1209).nanoseconds + 600_000_000))
        #expect(rig.store.activeTrip?.delivered[.nextStop] == nil, "stored delivered while it still plays")
        rig.advance(to: t0 + 1225)
        // yours-is-next is 2.7 s long.
        #expect(rig.store.activeTrip?.delivered[.nextStop] == Instant(nanoseconds: (t0 + 1209).nanoseconds + 700_000_000))
    }

    @Test("a restart after the fired mark but before delivery plays the alert again; a delivered one stays quiet")
    func undeliveredAlertIsReplayed() throws {
        let first = PlayingRig(route: Self.route)
        let t0 = try ride(first)
        first.advance(to: Instant(nanoseconds: (t0 + 1207).nanoseconds + 10_000_000))
        let cutShort = try #require(first.store.activeTrip)
        #expect(cutShort.fired[.nextStop] != nil && cutShort.delivered[.nextStop] == nil)

        // The daemon died 10 ms into the buzz (or before the motor turned on): it plays again at once.
        let second = EngineRig(now: t0 + 1230, route: Self.route)
        second.engine.restore(cutShort, now: second.clock.now)
        #expect(second.haptics.replayed == [RecordingHaptics.Replayed(kind: .nextStop, firedAt: t0 + 1207, at: t0 + 1230)])
        #expect(second.haptics.played.isEmpty, "not a new firing: the stored fired instant stays")
        #expect(second.engine.active?.fired[.nextStop] == t0 + 1207)

        // After delivery, a restart plays nothing again.
        first.advance(to: t0 + 1230)
        let delivered = try #require(first.store.activeTrip)
        let third = EngineRig(now: t0 + 1240, route: Self.route)
        third.engine.restore(delivered, now: third.clock.now)
        #expect(third.haptics.replayed.isEmpty && third.haptics.played.isEmpty)
    }

    @Test("once the arrival alarm fired, a restart resumes it (and not the alerts it superseded)")
    func arrivalAlarmResumesAfterARestart() throws {
        let first = PlayingRig(route: Self.route)
        let t0 = try ride(first)
        first.advance(to: t0 + 1334 + 100)
        let stored = try #require(first.store.activeTrip)
        #expect(stored.fired[.arrival] == t0 + 1334 && stored.delivered[.arrival] == nil)

        // Restarted 130 s into the alarm: the second stage (1500 ms pulses) plays at once, then the schedule goes on
        // from the alarm's own start (150, 165 s), then the third stage, and the final pattern at the cap.
        let second = PlayingRig(now: t0 + 1334 + 130, store: RecordingStore(), route: Self.route)
        second.engine.restore(stored, now: second.now)
        let resumedAt = t0 + 1334 + 130
        #expect(second.haptics.edges.first == PlayingHaptics.Edge(on: true, kind: .getOffNow, at: resumedAt))
        second.advance(to: t0 + 1334 + 599)
        // The play due at 135 s would fuse with the resumed one (5.7 s long): skipped.
        let starts = playStarts(second.haptics.edges).map { $0.seconds(since: t0 + 1334) }
        #expect(starts == [130, 150, 165] + Array(stride(from: 180, through: 480, by: 10)))
        #expect(second.store.activeTrip?.delivered[.arrival] == Instant(nanoseconds: (t0 + 1334 + 491).nanoseconds + 500_000_000))
        #expect(second.haptics.onEdges(.yoursIsNext).isEmpty, "yours-is-next replayed after get-off-now had fired")
    }

    @Test("down across both alerts: the restart sounds get off now at once; yours is next is swallowed, never played")
    func aRestartAfterTheArrivalSkipsYoursIsNext() throws {
        let first = PlayingRig(route: Self.route)
        let t0 = try ride(first)
        first.advance(to: t0 + 1000)
        let beforeBoth = try #require(first.store.activeTrip)
        #expect(beforeBoth.fired.isEmpty)

        // Killed at t0 + 1000 s, back 20 s after the arrival instant: both alerts are due at once.
        let second = PlayingRig(now: t0 + 1334 + 20, store: RecordingStore(), route: Self.route)
        second.engine.restore(beforeBoth, now: second.now)
        #expect(second.haptics.edges.first == PlayingHaptics.Edge(on: true, kind: .getOffNow, at: t0 + 1334 + 20))
        second.advance(to: t0 + 1334 + 60)
        #expect(second.haptics.onEdges(.yoursIsNext).isEmpty, "yours-is-next played after the arrival")
        let stored = try #require(second.store.activeTrip)
        // Model §4: a missed next_stop with the arrival 30 s away or less is swallowed, not fired (nothing to replay).
        #expect(stored.fired[.nextStop] == nil, "yours-is-next marked fired: a later restart would play it")
        #expect(stored.fired[.arrival] == t0 + 1334 + 20)
    }

    @Test("the wake-up alarm: repeats rising at absolute instants, only those wake-ups, the final pattern at the cap")
    func wakeUpAlarmRunsToItsCap() throws {
        let rig = PlayingRig(route: Self.route)
        let t0 = try ride(rig)
        let arrival = t0 + 1334
        rig.advance(to: arrival)
        let wakeUpsBefore = rig.haptics.wakeUps.count
        rig.advance(to: arrival + 599)
        let edges = rig.haptics.edges.filter { $0.at >= arrival }
        let starts = playStarts(edges).map { $0.seconds(since: arrival) }
        #expect(starts == [0, 20, 40] + Array(stride(from: 60, to: 180, by: 15)) + Array(stride(from: 180, through: 480, by: 10)))
        // Rising: pulse lengths by stage.
        let lengths = zip(edges, edges.dropFirst()).filter { $0.0.on }.map { ($0.0.at, $0.1.at.nanoseconds - $0.0.at.nanoseconds) }
        for (at, length) in lengths {
            let seconds = at.seconds(since: arrival)
            let expected: Int64 = seconds < 60 ? 1000 : seconds < 180 ? 1500 : 1800
            #expect(length == expected * 1_000_000, "pulse at \(seconds) s")
        }
        #expect(lengths.filter { $0.0.seconds(since: arrival) >= 480 }.count == 5, "the final pattern is five pulses")
        // No wake-up for nothing: one per play start (the first came with the engine's own wake-up) and one per
        // step end.
        let plays = ArrivalAlarm(.untilAcknowledged).plays
        #expect(rig.haptics.wakeUps.count - wakeUpsBefore == plays.count - 1 + plays.map(\.pattern.steps.count).reduce(0, +))
        #expect(rig.haptics.player.output.nextDeadline == nil)
        #expect(rig.store.activeTrip?.delivered[.arrival] == Instant(nanoseconds: (arrival + 491).nanoseconds + 500_000_000))
        #expect(rig.engine.active != nil, "the trip expires only 10 minutes after the arrival")
    }

    @Test("acknowledging the alarm stops its repeats and records it delivered; a restart then stays quiet")
    func acknowledgeStopsTheAlarm() throws {
        let rig = PlayingRig(route: Self.route)
        let t0 = try ride(rig)
        let arrival = t0 + 1334
        rig.advance(to: arrival + 200)
        rig.haptics.acknowledge()
        #expect(rig.store.activeTrip?.delivered[.arrival] == arrival + 200)
        let edgesAtAck = rig.haptics.edges.count
        rig.advance(to: arrival + 599)
        #expect(rig.haptics.edges.dropFirst(edgesAtAck).allSatisfy { !$0.on }, "the alarm buzzed after the acknowledgement")

        let restarted = EngineRig(now: arrival + 300, route: Self.route)
        restarted.engine.restore(rig.store.activeTrip, now: restarted.clock.now)
        #expect(restarted.haptics.replayed.isEmpty)
    }

    @Test("arrival_alarm = short: four plays 20 s apart, delivered when the last one ends")
    func shortAlarm() throws {
        let rig = PlayingRig(style: .short, route: Self.route)
        let t0 = try ride(rig)
        let arrival = t0 + 1334
        rig.advance(to: arrival + 599)
        #expect(playStarts(rig.haptics.edges.filter { $0.at >= arrival }).map { $0.seconds(since: arrival) } == [0, 20, 40, 60])
        #expect(rig.store.activeTrip?.delivered[.arrival] == Instant(nanoseconds: (arrival + 62).nanoseconds + 800_000_000))
    }

    @Test("a stored trip from before delivery was recorded decodes with nothing delivered")
    func oldStoredTripDecodes() throws {
        let rig = EngineRig(route: Self.route)
        try rig.ride("akademmistechko", "khreshchatyk")
        rig.clock.advance(seconds: 1220)
        let trip = try #require(rig.store.activeTrip)
        let encoded = try JSONEncoder().encode(trip)
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        object["delivered"] = nil
        let decoded = try JSONDecoder().decode(ActiveTrip.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(decoded.fired == trip.fired && decoded.delivered.isEmpty)
    }
}

/// The starts of plays in a list of motor edges: an on-edge after more than 2 s of silence (pauses inside a
/// pattern are shorter).
func playStarts(_ edges: [PlayingHaptics.Edge]) -> [Instant] {
    var out: [Instant] = []
    var lastOff: Instant?
    for edge in edges {
        if edge.on {
            if lastOff.map({ edge.at.nanoseconds - $0.nanoseconds > 2_000_000_000 }) ?? true { out.append(edge.at) }
        } else {
            lastOff = edge.at
        }
    }
    return out
}
