import Foundation
import MetroControl
import Testing
@testable import MetroDaemon

/// docs/control-protocol.md is what front ends are written against: every command and error code the daemon
/// knows is in it, and every command it lists is one a real daemon accepts.
@Suite struct ControlProtocolDocTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func text(_ path: String) throws -> String {
        try String(contentsOf: ControlProtocolDocTests.repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The part of `doc` after the last `start` and before the first `end` after it. Two steps, not one optional
    /// chain inside `#require`: Swift 6.0's `#require` expands such a chain into code that does not compile.
    func section(of doc: String, from start: String, to end: String) throws -> String {
        let afterStart = try #require(doc.components(separatedBy: start).last)
        return try #require(afterStart.components(separatedBy: end).first)
    }

    func matches(_ pattern: String, in text: String) throws -> Set<String> {
        let regex = try NSRegularExpression(pattern: pattern)
        return Set(regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        })
    }

    /// The commands in the first column of the requests table's rows: "| `status` |" or "| `plus`, `minus` |".
    func documentedCommands(_ doc: String) throws -> Set<String> {
        let requests = try section(of: doc, from: "## Requests", to: "## Replies")
        var commands: Set<String> = []
        // Rows after the header's "| --- |" line.
        let rows = requests.split(separator: "\n").drop { !$0.hasPrefix("| ---") }.dropFirst()
        for line in rows where line.hasPrefix("| `") {
            let first = line.split(separator: "|").first.map(String.init) ?? ""
            commands.formUnion(try matches("`([a-z_]+)`", in: first))
        }
        return commands
    }

    @Test func everyCommandAndCodeIsDocumented() throws {
        let doc = try text("docs/control-protocol.md")
        let parser = try text("Sources/MetroControl/ControlRequest.swift")
        let known = try matches(#"case "([a-z_]+)":"#, in: parser)
        #expect(known.count >= 20, "the parser's commands were not found: \(known)")
        #expect(known.subtracting(try documentedCommands(doc)).isEmpty, "undocumented commands")

        // Every code the daemon sends is one of ReplyCode's table (ControlReply.error takes nothing else); the
        // doc's table has each with the exit status metrotimer gives it.
        var documented: [String: Int32] = [:]
        let replies = try section(of: doc, from: "## Replies", to: "## Watching")
        for line in replies.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let status = cells.last.flatMap({ Int32($0) }) else { continue }
            for code in try matches("`([a-z_]+)`", in: cells[0]) { documented[code] = status }
        }
        let table = Dictionary(uniqueKeysWithValues: ReplyCode.allCases.map { ($0.rawValue, $0.exitStatus) })
        #expect(documented == table, "docs/control-protocol.md's table of codes and exit statuses differs from ReplyCode")
        let client = try text("Sources/MetroCLI/Client/DaemonClient.swift")
        #expect(!client.contains("\"bad_request\""), "the command line reads exit statuses from the table, not from codes of its own")
    }

    /// The connection rules the doc states are the daemon's own figures.
    @Test func theConnectionLimitsAreTheDaemonsOwn() throws {
        let doc = try text("docs/control-protocol.md")
        let limits = ConnectionLimits()
        let timeout = limits.requestTimeoutNanoseconds / 1_000_000_000
        for phrase in [
            "for \(timeout) s gets a\n  `timeout` reply",
            "At most \(limits.maximumConnections) connections are open, at most \(limits.maximumConnectionsPerPeer) per peer user",
            "`limit` (1–10000, default 100)",
            "accept lines of up to 4 MiB",
        ] {
            #expect(doc.contains(phrase), "docs/control-protocol.md does not say: \(phrase)")
        }
        // The command line accepts reply lines of the size the doc promises.
        let client = try text("Sources/MetroCLI/Client/DaemonClient.swift")
        #expect(client.contains("LineBuffer(maximumLineLength: 1 << 22)"))
    }

    /// Every field the parser reads (`reader.station("from")`, `reader.requiredInteger("year", …)`, …) is named in
    /// the requests table, so a new request cannot be added with its fields left undocumented.
    @Test func everyRequestFieldIsDocumented() throws {
        let doc = try text("docs/control-protocol.md")
        let requests = try section(of: doc, from: "## Requests", to: "## Replies")
        let parser = try text("Sources/MetroControl/ControlRequest.swift")
        let fields = try matches(#"reader\.(?:string|station|integer|requiredInteger)\("([a-z_0-9]+)""#, in: parser)
        #expect(fields.isSuperset(of: ["from", "to", "limit", "hold_ms", "time", "days", "number", "year"]), "\(fields)")
        let documented = try matches("`([a-z_0-9]+)`", in: requests)
        #expect(fields.subtracting(documented).isEmpty, "fields read by the parser but not in the requests table")
    }

    @Test func everyDocumentedCommandIsKnownToTheDaemon() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let connection = try RawControlConnection(path: daemon.socketPath)
        let commands = try documentedCommands(try text("docs/control-protocol.md"))
        #expect(commands.count >= 20)
        for command in commands.sorted() {
            let reply = try connection.request("{\"cmd\": \"\(command)\"}")
            let error = reply["error"] as? String ?? ""
            #expect(!error.hasPrefix("unknown command"), "\(command): \(reply)")
        }
    }
}
