import Foundation

/// A recorded NMEA trace (format: Tests/Fixtures/gps/README.md): receiver epochs of sentences, with the
/// time of each epoch kept as an offset from the first so a replay can re-stamp them to any instant.
package struct NMEATrace {
    /// The sentences one receiver epoch sent, all with the same time stamp.
    package struct Epoch {
        /// Nanoseconds after the trace's first epoch.
        package let offsetNs: Int64
        /// Sentences as recorded (`$...*CS`, no line ending).
        package let sentences: [String]
    }

    /// A `#@ SECONDS KIND STATION` annotation: what the train does at that offset.
    package struct Event: Equatable {
        package let offsetSeconds: Int
        package let kind: String
        package let station: String

        /// An annotation from its parts.
        package init(offsetSeconds: Int, kind: String, station: String) {
            self.offsetSeconds = offsetSeconds
            self.kind = kind
            self.station = station
        }
    }

    /// A trace line that is neither a comment, an annotation nor a sentence with a valid checksum.
    package struct FormatError: Error, CustomStringConvertible {
        package let description: String
    }

    package let epochs: [Epoch]
    package let events: [Event]
    /// The header's `made by:` command line (the generator's arguments), if any.
    package let madeBy: String?

    /// The folder of committed GPS fixtures, found from this source file's place in the repository.
    package static var fixturesDirectory: URL {
        URL(fileURLWithPath: #filePath)   // Tests/GPSTestSupport/NMEATrace.swift
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/gps")
    }

    /// Loads a committed trace by file name.
    package static func fixture(_ name: String) throws -> NMEATrace {
        try NMEATrace(text: String(contentsOf: fixturesDirectory.appendingPathComponent(name), encoding: .utf8))
    }

    package init(text: String) throws {
        var epochs: [Epoch] = []
        var events: [Event] = []
        var madeBy: String?
        var first: Int64?
        var previousOfDay: Int64?
        var days: Int64 = 0
        var current: (offset: Int64, stamp: String, sentences: [String])?
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            if line.isEmpty { continue }
            if line.hasPrefix("#@ ") {
                let parts = line.dropFirst(3).split(separator: " ")
                guard parts.count == 3, let seconds = Int(parts[0]) else {
                    throw FormatError(description: "line \(number + 1): event must be '#@ SECONDS KIND STATION': \(line)")
                }
                events.append(Event(offsetSeconds: seconds, kind: String(parts[1]), station: String(parts[2])))
                continue
            }
            if line.hasPrefix("#") {
                if let range = line.range(of: "made by: ") { madeBy = String(line[range.upperBound...]) }
                continue
            }
            guard NMEA.hasValidChecksum(line) else {
                throw FormatError(description: "line \(number + 1): not a sentence with a valid checksum: \(line)")
            }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > 1, let ofDay = Self.nanosecondsOfDay(String(fields[1])) else {
                throw FormatError(description: "line \(number + 1): no hhmmss.ss time in field 1: \(line)")
            }
            if let previousOfDay, ofDay < previousOfDay { days += 1 }   // crossed midnight UTC
            previousOfDay = ofDay
            let absolute = days * 86_400_000_000_000 + ofDay
            if first == nil { first = absolute }
            let offset = absolute - first!
            if let open = current, open.stamp == String(fields[1]) {
                current?.sentences.append(line)
            } else {
                if let open = current { epochs.append(Epoch(offsetNs: open.offset, sentences: open.sentences)) }
                current = (offset, String(fields[1]), [line])
            }
        }
        if let open = current { epochs.append(Epoch(offsetNs: open.offset, sentences: open.sentences)) }
        self.epochs = epochs
        self.events = events
        self.madeBy = madeBy
    }

    /// `hhmmss.ss` as nanoseconds after midnight.
    package static func nanosecondsOfDay(_ field: String) -> Int64? {
        let parts = field.split(separator: ".", omittingEmptySubsequences: false)
        guard let clock = parts.first, clock.count == 6, let hhmmss = Int64(clock) else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = String(parts[1].prefix(9))
            guard let value = Int64(digits) else { return nil }
            fraction = value * Int64(pow(10.0, Double(9 - digits.count)))
        }
        let seconds = hhmmss / 10_000 * 3600 + hhmmss / 100 % 100 * 60 + hhmmss % 100
        return seconds * 1_000_000_000 + fraction
    }

    /// The sentence with its time (and, for RMC, its date) replaced by `unixNs`, checksum recomputed.
    package static func restamp(_ sentence: String, to unixNs: Int64) -> String {
        guard let star = sentence.lastIndex(of: "*") else { return sentence }
        var fields = sentence[sentence.index(after: sentence.startIndex)..<star]
            .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let stamp = UTCStamp(unixNs: unixNs)
        if fields.count > 1 { fields[1] = stamp.hhmmss }
        if fields[0].hasSuffix("RMC"), fields.count > 9 { fields[9] = stamp.ddmmyy }
        return NMEA.sentence(fields.joined(separator: ","))
    }
}

/// Feeds a trace into a real gpsd, re-stamping every epoch.
package struct NMEATraceReplayer {
    package let trace: NMEATrace

    /// A replayer of `trace`.
    package init(trace: NMEATrace) {
        self.trace = trace
    }

    /// The datagrams of epoch `index`, stamped at `unixNs`.
    package func datagrams(epoch index: Int, stampedAt unixNs: Int64) -> [String] {
        trace.epochs[index].sentences.map { NMEATrace.restamp($0, to: unixNs) }
    }

    /// Sends every `stepSeconds`-th epoch (a time-scaled ride skips forward that many trace seconds per
    /// epoch sent), pausing `pauseMs` between epochs. `stamp` maps an epoch's offset to the receiver time
    /// to write: `{ base + $0 }` keeps trace time from `base`, `{ _ in wallClockNowNs() }` stamps the send
    /// instant (always fresh). Returns the stamps sent, in order.
    @discardableResult
    package func replay(into gpsd: GPSDProcess, stepSeconds: Int = 1, pauseMs: Int = 1000,
                stamp: (Int64) -> Int64) throws -> [Int64] {
        let step = Int64(stepSeconds) * 1_000_000_000
        var sent: [Int64] = []
        for (index, epoch) in trace.epochs.enumerated() where epoch.offsetNs % step == 0 {
            if !sent.isEmpty, pauseMs > 0 { usleep(useconds_t(pauseMs * 1000)) }
            let when = stamp(epoch.offsetNs)
            try gpsd.send(datagrams(epoch: index, stampedAt: when))
            sent.append(when)
        }
        return sent
    }

    /// Sends every epoch when the wall clock reaches its stamp, `baseNs + offset / scale` (at once for a stamp
    /// already past): at scale 1 a ride in real time whose receiver times are the trace's own, however late each
    /// send is; at scale S the same ride S times faster, for a daemon whose model runs at `time_scale` S (it
    /// stretches each fix's age by S, so the times it learns are the trace's again). Returns the stamps sent.
    @discardableResult
    package func replayInRealTime(into gpsd: GPSDProcess, baseNs: Int64, scale: Double = 1) throws -> [Int64] {
        var sent: [Int64] = []
        for (index, epoch) in trace.epochs.enumerated() {
            let when = baseNs + Int64((Double(epoch.offsetNs) / scale).rounded())
            let wait = when - wallClockNowNs()
            if wait > 0 { usleep(useconds_t(wait / 1000)) }
            try gpsd.send(datagrams(epoch: index, stampedAt: when))
            sent.append(when)
        }
        return sent
    }
}
