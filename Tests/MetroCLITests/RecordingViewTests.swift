import MetroControl
import MetroModel
import Testing
@testable import MetroCLI

/// `record-motion list`: each recording's line says how it ended, in both languages.
@Suite struct RecordingViewTests {
    static func recording(_ endReason: String?) -> JSONValue {
        .object(["id": .number(7), "label": .string("M2"), "started": .string("2026-12-07T08:15:00.000+02:00"),
                 "end_reason": endReason.map(JSONValue.string) ?? .null, "samples": .number(3000), "stops": .number(4),
                 "seconds": .number(60)])
    }

    @Test(arguments: [
        (nil, "recording", "триває"),
        ("stopped", "stopped", "зупинено"),
        ("cap", "stopped at the cap", "зупинено на межі обсягу"),
        ("restart", "ended by a daemon restart", "завершено перезапуском служби"),
        ("sensor", "stopped: the accelerometer failed", "зупинено: збій акселерометра"),
        ("storage", "stopped: the state database refused a write", "зупинено: база стану не прийняла запис"),
    ] as [(String?, String, String)])
    func eachEndIsSaid(endReason: String?, english: String, ukrainian: String) {
        let en = RecordingView.line(Self.recording(endReason), .en)
        #expect(en == "7. 2026-12-07T08:15:00.000+02:00 'M2'  3000 samples (~60 s), stops: 4; \(english)")
        #expect(RecordingView.line(Self.recording(endReason), .uk).hasSuffix("зупинок: 4; \(ukrainian)"))
    }
}
