import Foundation
import Glibc

/// An independent gpsd client speaking the JSON protocol directly (no libgps): it tells a test when gpsd
/// has emitted a report, so the session under test can then be read in one go.
package final class GPSDObserver {
    /// One TPV report as gpsd wrote it.
    package struct Report {
        package let mode: Int
        package let latitude: Double?
    }

    private let fd: Int32
    private var pending: [UInt8] = []
    /// Every TPV report seen so far, in order.
    package private(set) var reports: [Report] = []

    package init(port: UInt16) throws {
        guard let fd = Loopback.connectTCP(port: port) else { throw Loopback.Failure("connect observer to gpsd") }
        self.fd = fd
        try Loopback.write("?WATCH={\"enable\":true,\"json\":true}\n", to: fd)
    }

    deinit {
        close(fd)
    }

    /// Reads until a TPV report satisfying `matches` has been seen (counting from `reports[from...]`);
    /// throws after `timeoutMs` without one.
    @discardableResult
    package func waitForReport(from start: Int = 0, timeoutMs: Int32 = 5000,
                       where matches: (Report) -> Bool) throws -> Report {
        var waited: Int32 = 0
        while true {
            if let found = reports[min(start, reports.count)...].first(where: matches) { return found }
            guard waited < timeoutMs else {
                throw Loopback.Failure("gpsd emitted no matching TPV within \(timeoutMs) ms", errno: ETIMEDOUT)
            }
            if Loopback.waitReadable(fd, timeoutMs: 50) { readLines() }
            waited += 50
        }
    }

    private func readLines() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        guard count > 0 else { return }
        pending += buffer[0..<count]
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Data(pending[..<newline])
            pending.removeSubrange(...newline)
            guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
                  object["class"] as? String == "TPV" else { continue }
            reports.append(Report(mode: object["mode"] as? Int ?? 0, latitude: object["lat"] as? Double))
        }
    }
}
