import Foundation
import MetroModel
import Testing

/// Every place a rider or an installer reads about "get off now" says the same thing as `ArrivalAlarm`: it repeats
/// until acknowledged, up to the cap (in minutes), `arrival_alarm` chooses it, and none still describes the old
/// four plays as the only behaviour.
@Suite struct ArrivalAlarmDocsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let documents = ["README.md", "docs/using.md", "docs/gpio.md", "docs/decisions.md", "docs/hardware.md",
                            "docs/man/metrotimerd.8", "etc/metrotimer/metrotimer.conf"]

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(arguments: documents)
    func theDocumentSaysWhatTheAlarmDoes(_ path: String) throws {
        let text = try self.text(path)
        let minutes = ArrivalAlarm.capMilliseconds / 60_000
        #expect(text.contains("up to \(minutes) minutes") || text.contains("minute \(minutes)"),
                "\(path) does not give the alarm's cap of \(minutes) minutes")
        for stale in ["up to 3 times", "every 20 s (3 times)", "repeated every 20 s until", "does not resume the arrival alarm"] {
            #expect(!text.contains(stale), "\(path) still says '\(stale)'")
        }
        if path != "docs/hardware.md" {
            #expect(text.contains("arrival_alarm"), "\(path) does not name the arrival_alarm key")
        }
    }

    @Test func theShippedConfigurationShowsTheDefault() throws {
        #expect(try text("etc/metrotimer/metrotimer.conf").contains("#arrival_alarm = \(ArrivalAlarm.Style.untilAcknowledged.rawValue)\n"))
    }
}
