import MetroEngine
import MetroModel
import Testing

/// The cue → pattern → delivered-alert table that the daemon's device and the engine tests' player share.
@Suite("Haptic cue mapping (model §12.2)")
struct HapticCueMappingTests {
    @Test("an alert's cue plays its own pattern, and feeling that pattern delivers that alert", arguments: AlertKind.allCases)
    func alertRoundTrip(kind: AlertKind) {
        let pattern = HapticCue(alert: kind).pattern
        #expect(pattern.kind.isAlert)
        #expect(AlertKind(delivering: pattern.kind) == kind)
    }

    @Test("gesture answers and reminders deliver no alert")
    func answersDeliverNothing() {
        let cues: [HapticCue] = [.acknowledged, .number(3), .cannot, .timeToGo]
        for cue in cues { #expect(AlertKind(delivering: cue.pattern.kind) == nil) }
        #expect(HapticCue.number(3).pattern == .number(3))
    }

    @Test("every cue plays the model's pattern of the same name")
    func patternsByName() {
        let expected: [(HapticCue, HapticPattern)] = [
            (.acknowledged, .acknowledged), (.yoursIsNext, .yoursIsNext), (.changeHere, .changeHere),
            (.getOffNow, .getOffNow), (.cannot, .cannot), (.timeToGo, .timeToGo), (.number(7), .number(7)),
        ]
        for (cue, pattern) in expected { #expect(cue.pattern == pattern) }
    }

    @Test("a delivery is the alert whose pattern played, even when the next alert of its kind follows at once")
    func deliveryCarriesTheAlertThatPlayed() {
        var player = HapticPlayer()
        var playback = AlertPlayback()
        let first = AlertID(kind: .transfer), second = AlertID(kind: .transfer, change: 1)
        let start = Instant(seconds: 1000)
        _ = player.play(HapticCue(alert: .transfer).pattern, now: start)
        playback.collect(from: &player)
        playback.announces(first)
        // The first change's pattern has long ended when the second's is played: nothing ticked in between, so
        // the first's delivery is noted inside that call and must still be credited to the first.
        _ = player.play(HapticCue(alert: .transfer).pattern, now: start + 60)
        playback.collect(from: &player)
        playback.announces(second)
        #expect(playback.take() == [first])
        _ = player.tick(now: start + 120)
        playback.collect(from: &player)
        #expect(playback.take() == [second])
        #expect(playback.take().isEmpty, "taken once")
    }

    @Test("withdrawing one change's alert leaves another's of the same kind playing")
    func withdrawingIsPerAlert() {
        var playback = AlertPlayback()
        let first = AlertID(kind: .transfer), second = AlertID(kind: .transfer, change: 1)
        #expect(playback.holds(first), "nothing noted: a withdrawal stops whatever plays")
        playback.announces(second)
        #expect(!playback.holds(first))
        #expect(playback.holds(second))
        #expect(playback.holds(.nextStop))
    }
}
