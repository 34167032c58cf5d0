import Foundation
import Testing

/// systemd's `STATUS=` line stays true between updates: an arrival at an intermediate stop publishes nothing (an
/// idle loop must not wake for it), so the line must not carry anything that changes there.
@Suite struct StatusLineTests {
    @Test func theStatusLineIsStillTrueAfterStopsHavePassed() throws {
        let notify = try NotifySocket()
        let daemon = try DaemonProcess(timeScale: 60)
        try daemon.start(environment: ["NOTIFY_SOCKET": notify.notifyAddress])
        defer { daemon.stop(); daemon.remove() }
        #expect(try daemon.cli(["route", "lisova", "teremky"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        _ = try #require(notify.waitFor { $0["STATUS"]?.hasPrefix("riding") == true }, "no riding STATUS")
        let first = try #require(try daemon.trip()?["stops_remaining"] as? Int)
        // At ×60 a stop passes every few seconds.
        #expect(try eventually(timeout: 60) { (try daemon.trip()?["stops_remaining"] as? Int ?? first) < first - 1 })
        _ = notify.collect(for: 0.3)
        let trip = try #require(try daemon.trip())
        let arrival = try #require(trip["arrival"] as? String)
        let arrivalClock = String(try #require(arrival.split(separator: "T").last).prefix(5))
        let last = try #require(notify.messages.last { $0["STATUS"] != nil }?["STATUS"])
        #expect(last == "riding to Teremky, arrival \(arrivalClock)",
                "STATUS=\(last) while \(trip["stops_remaining"] ?? "?") stops remain")
    }
}
