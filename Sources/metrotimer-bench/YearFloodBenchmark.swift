import Dispatch
import Glibc
import MetroSQLite
import MetroSystem
import Synchronization

/// How late an alert fires and how long a rider's `status` waits while four connections flood the daemon with
/// `year` requests (each pipelining four and reading the four replies, over and over) over a journal of
/// `trips` trips: the promise is an alert at most 50 ms late and a `status` answered within 1 s, whatever the
/// journal's length. Also the time one `year` request takes on a quiet daemon.
struct YearFloodBenchmark {
    let trips: Int
    static let connections = 4
    /// The network's shortest ride: its arrival alert comes about a minute after the start.
    static let route = ("palats-ukraina", "lybidska")
    static let request = "{\"cmd\":\"year\",\"year\":2026}\n"

    func run() throws {
        let daemon = try BenchDaemon()
        defer {
            _ = try? daemon.stop()
            daemon.remove()
        }
        try daemon.start()  // creates the state database
        try daemon.stop()
        try seedJournal(daemon.directory + "/state/state.db")
        // Start-up counts the journal's figures once: the time to READY=1 with the long journal.
        let startup = try daemon.start()

        // One request at a time on a quiet daemon.
        let quiet = try UnixConnection.connect(path: daemon.socketPath)
        var quietTimes: [Int64] = []
        for _ in 0..<50 {
            let began = Clocks.now(.monotonic)
            try quiet.writeAll(Array(Self.request.utf8))
            _ = try readLines(1, from: quiet)
            quietTimes.append(Clocks.now(.monotonic) - began)
        }
        try quiet.close()

        try daemon.cli(["route", Self.route.0, Self.route.1])
        try daemon.cli(["start"])
        let status = try daemon.status()
        guard let trip = status.trip, let arrival = trip.alerts.first(where: { $0.kind == "arrival" }) else {
            throw BenchError("the trip did not start: state \(status.state)")
        }
        let due = try unixSeconds(arrival.due)
        let now = Double(Clocks.now(.realtime)) / 1e9
        if due - 9 > now { usleep(useconds_t((due - 9 - now) * 1_000_000)) }

        let stop = Atomic<Bool>(false)
        let served = Atomic<Int>(0)
        let flooders = DispatchGroup()
        let path = daemon.socketPath
        for number in 0..<Self.connections {
            DispatchQueue(label: "metrotimer-bench.year-flood.\(number)").async(group: flooders) {
                guard let connection = try? UnixConnection.connect(path: path) else { return }
                let batch = Array(String(repeating: Self.request, count: 4).utf8)
                while !stop.load(ordering: .relaxed) {
                    guard (try? connection.writeAll(batch)) != nil, let count = try? readLines(4, from: connection), count == 4
                    else { return }
                    served.add(4, ordering: .relaxed)
                }
            }
        }
        var probeTimes: [Int64] = []
        var failed = 0
        while Double(Clocks.now(.realtime)) / 1e9 < due + 3 {
            let began = Clocks.now(.monotonic)
            do {
                let probe = try UnixConnection.connect(path: path)
                try probe.writeAll(Array("{\"cmd\":\"status\"}\n".utf8))
                if try readLines(1, from: probe) != 1 { failed += 1 }
                try probe.close()
            } catch {
                failed += 1
            }
            let took = Clocks.now(.monotonic) - began
            probeTimes.append(took)
            if took < 250_000_000 { usleep(useconds_t((250_000_000 - took) / 1000)) }
        }
        stop.store(true, ordering: .relaxed)
        flooders.wait()

        let after = try daemon.status()
        guard let fired = after.trip?.alerts.first(where: { $0.kind == "arrival" })?.fired else {
            throw BenchError("the arrival alert never fired")
        }
        let lateness = (try unixSeconds(fired) - due) * 1000
        let quietStats = LatenessStatistics(nanoseconds: quietTimes)
        let probeStats = LatenessStatistics(nanoseconds: probeTimes)
        print("year flood: \(Self.connections) connections pipelining `year` ×4 over a \(trips)-trip journal, release build")
        print("  start-up to READY=1 with the journal: \(format(Double(startup) / 1e6)) ms")
        print("  one `year` request, quiet daemon (ms): p50 \(ms(quietStats.p50)), max \(ms(quietStats.max))")
        print("  arrival alert during the flood: \(format(lateness)) ms late (promise: ≤ 50 ms)")
        print("  status probes every 250 ms: \(probeTimes.count), p50 \(ms(probeStats.p50)) ms, max \(ms(probeStats.max)) ms, "
            + "\(failed) unanswered (promise: within 1 s)")
        print("  `year` replies served during the flood: \(served.load(ordering: .relaxed))")
        print("BENCH year-flood trips=\(trips) connections=\(Self.connections) startup_ms=\(format(Double(startup) / 1e6))"
            + " year_quiet_p50_ms=\(ms(quietStats.p50))"
            + " alert_late_ms=\(format(lateness)) status_p50_ms=\(ms(probeStats.p50)) status_max_ms=\(ms(probeStats.max))"
            + " status_unanswered=\(failed) year_replies=\(served.load(ordering: .relaxed))")
    }

    /// Writes `trips` arrived trips over 2026 into the journal table, in one transaction (the daemon is stopped).
    private func seedJournal(_ path: String) throws {
        let db = try SQLiteDatabase.open(path: path, create: false)
        let routes = [("lisova", "teremky"), ("akademmistechko", "khreshchatyk"), ("syrets", "zoloti-vorota"),
                      ("heroiv-dnipra", "ipodrom"), ("palats-ukraina", "lybidska")]
        let start: Int64 = 1_767_218_400_000  // 2026-01-01 00:00 Kyiv
        try db.transaction {
            let insert = try db.prepare("""
                INSERT INTO journal (t0_ns, t0_unix_ms, from_station, to_station, planned_s, final_s, confirmed_s,
                    outcome, manual_corrections, late_corrections, gps_corrections, transfers, next_stop_s)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'arrived', ?8, ?9, 0, 0, ?10)
                """)
            for index in 0..<trips {
                let route = routes[index % routes.count]
                let final = Int64(600 + index % 1200)
                try insert.reset()
                try insert.bind([
                    .integer(Int64(index) * 1_000_000_000), .integer(start + Int64(index) * 3_000_000),
                    .text(route.0), .text(route.1), .integer(final + Int64(index % 61) - 30), .integer(final),
                    .integer(final + Int64(index % 41) - 20), .integer(Int64(index % 3)), .integer(Int64(index % 2)),
                    .integer(final - 90),
                ])
                _ = try insert.step()
            }
        }
    }

    private func ms(_ microseconds: Double) -> String { format(microseconds / 1000) }

    private func format(_ value: Double) -> String { "\((value * 10).rounded() / 10)" }

    /// Unix seconds of a contract timestamp, `2026-12-02T07:48:39.123+02:00`.
    private func unixSeconds(_ iso: String) throws -> Double {
        let bytes = Array(iso.utf8)
        func number(_ range: Range<Int>) throws -> Int {
            guard range.upperBound <= bytes.count, let value = Int(String(decoding: bytes[range], as: UTF8.self)) else {
                throw BenchError("not a contract timestamp: \(iso)")
            }
            return value
        }
        let year = try number(0..<4), month = try number(5..<7), day = try number(8..<10)
        let hour = try number(11..<13), minute = try number(14..<16), second = try number(17..<19)
        var fraction = 0.0
        var index = 19
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
        }
        guard index + 6 <= bytes.count else { throw BenchError("not a contract timestamp: \(iso)") }
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        let offset = sign * (try number(index + 1..<index + 3) * 3600 + number(index + 4..<index + 6) * 60)
        // Days from the civil date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }
}

/// Reads from a blocking connection until `count` lines have arrived (or it closes): how many did.
private func readLines(_ count: Int, from connection: UnixConnection) throws -> Int {
    var lines = 0
    while lines < count {
        guard let bytes = try connection.read(upTo: 65_536), !bytes.isEmpty else { return lines }
        lines += bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
    return lines
}
