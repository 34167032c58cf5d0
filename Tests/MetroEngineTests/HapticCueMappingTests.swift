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
}
