import MetroModel
import MetroSQLite

/// One recorded ride as `list` shows it.
struct MotionRecording: Equatable {
    /// Why a recording ended: the rider stopped it, it reached a cap, the daemon restarted, the sensor failed, or the
    /// state database refused its samples.
    enum EndReason: String { case stopped, cap, restart, sensor, storage }

    var id: Int64
    var label: String
    var startedUnixMilliseconds: Int64
    var startedBootNanoseconds: Int64
    var endedUnixMilliseconds: Int64?
    var endReason: EndReason?
    var samples: Int64
    var stops: Int64
    /// From the first wake-up's samples to the last's, in whole seconds (the sensor's rate is its own).
    var seconds: Int64 = 0
}

/// A sample as stored: the kernel's boot-time stamp and the acceleration in m/s², gravity included.
struct RecordedSample: Equatable {
    var bootNanoseconds: Int64
    var x: Float
    var y: Float
    var z: Float
}

/// Recorded rides (`metrotimer record-motion`): each wake-up's samples are one row written in one transaction.
extension SQLiteStore {
    /// Bytes per packed sample: the stamp (Int64) and three Float32, little-endian.
    static let recordedSampleBytes = 20

    /// Opens a recording; its id.
    func beginRecording(label: String, startedUnixMilliseconds: Int64, startedBootNanoseconds: Int64) throws -> Int64 {
        try db.transaction {
            let statement = try db.prepare(
                "INSERT INTO motion_recordings (label, started_unix_ms, started_boot_ns) VALUES (?1, ?2, ?3)")
            try statement.bind([.text(label), .integer(startedUnixMilliseconds), .integer(startedBootNanoseconds)])
            _ = try statement.step()
            return db.lastInsertRowID
        }
    }

    /// Appends one wake-up's samples to a recording, in one transaction.
    func appendRecording(_ id: Int64, samples: [RecordedSample]) throws {
        guard let first = samples.first else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(samples.count * Self.recordedSampleBytes)
        for sample in samples {
            withUnsafeBytes(of: sample.bootNanoseconds.littleEndian) { bytes += $0 }
            for value in [sample.x, sample.y, sample.z] { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
        }
        try db.transaction {
            let insert = try db.prepare("INSERT INTO motion_batches (recording, first_boot_ns, count, samples) VALUES (?1, ?2, ?3, ?4)")
            try insert.bind([.integer(id), .integer(first.bootNanoseconds), .integer(Int64(samples.count)), .blob(bytes)])
            _ = try insert.step()
            let count = try db.prepare("UPDATE motion_recordings SET samples = samples + ?2 WHERE id = ?1")
            try count.bind([.integer(id), .integer(Int64(samples.count))])
            _ = try count.step()
        }
    }

    /// The rider's press at a stop, at its kernel time.
    func addRecordingStop(_ id: Int64, bootNanoseconds: Int64) throws {
        try db.transaction {
            let statement = try db.prepare("INSERT INTO motion_labels (recording, boot_ns, kind) VALUES (?1, ?2, 'stop')")
            try statement.bind([.integer(id), .integer(bootNanoseconds)])
            _ = try statement.step()
        }
    }

    /// Ends a recording (one still open; an ended one keeps its end).
    func endRecording(_ id: Int64, reason: MotionRecording.EndReason, unixMilliseconds: Int64) throws {
        try db.transaction {
            let statement = try db.prepare(
                "UPDATE motion_recordings SET ended_unix_ms = ?2, end_reason = ?3 WHERE id = ?1 AND ended_unix_ms IS NULL")
            try statement.bind([.integer(id), .integer(unixMilliseconds), .text(reason.rawValue)])
            _ = try statement.step()
        }
    }

    /// Ends every recording left open (the daemon stopped while recording); their ids.
    func endOpenRecordings(reason: MotionRecording.EndReason, unixMilliseconds: Int64) throws -> [Int64] {
        try db.transaction {
            let statement = try db.prepare(
                "UPDATE motion_recordings SET ended_unix_ms = ?1, end_reason = ?2 WHERE ended_unix_ms IS NULL RETURNING id")
            try statement.bind([.integer(unixMilliseconds), .text(reason.rawValue)])
            var ids: [Int64] = []
            while try statement.step() { ids.append(statement.int64(at: 0)) }
            return ids.sorted()
        }
    }

    /// Every recording, oldest first.
    func recordings() throws -> [MotionRecording] { try recordings(where: nil) }

    /// One recording (nil: there is none with that id).
    func recording(_ id: Int64) throws -> MotionRecording? { try recordings(where: id).first }

    private func recordings(where id: Int64?) throws -> [MotionRecording] {
        let statement = try db.prepare("""
            SELECT id, label, started_unix_ms, started_boot_ns, ended_unix_ms, end_reason, samples,
                (SELECT count(*) FROM motion_labels WHERE recording = motion_recordings.id),
                (SELECT coalesce(max(first_boot_ns) - min(first_boot_ns), 0) FROM motion_batches
                 WHERE recording = motion_recordings.id)
            FROM motion_recordings WHERE ?1 IS NULL OR id = ?1 ORDER BY id
            """)
        try statement.bind(id.map { .integer($0) } ?? .null, at: 1)
        var out: [MotionRecording] = []
        while try statement.step() {
            out.append(MotionRecording(
                id: statement.int64(at: 0), label: statement.string(at: 1) ?? "",
                startedUnixMilliseconds: statement.int64(at: 2), startedBootNanoseconds: statement.int64(at: 3),
                endedUnixMilliseconds: statement.isNull(at: 4) ? nil : statement.int64(at: 4),
                endReason: statement.string(at: 5).flatMap(MotionRecording.EndReason.init(rawValue:)),
                samples: statement.int64(at: 6), stops: statement.int64(at: 7),
                seconds: statement.int64(at: 8) / 1_000_000_000))
        }
        return out
    }

    /// Samples stored over every recording (the total cap counts them).
    func recordedSamples() throws -> Int64 {
        let statement = try db.prepare("SELECT coalesce(sum(samples), 0) FROM motion_recordings")
        _ = try statement.step()
        return statement.int64(at: 0)
    }

    /// Up to `limit` of a recording's wake-up rows stored after the row `after` (0: from the first), in order:
    /// each row's id (the next page's cursor) and its samples.
    func recordedBatches(_ id: Int64, after: Int64, limit: Int) throws -> [(row: Int64, samples: [RecordedSample])] {
        let statement = try db.prepare(
            "SELECT rowid, samples FROM motion_batches WHERE recording = ?1 AND rowid > ?2 ORDER BY rowid LIMIT ?3")
        try statement.bind([.integer(id), .integer(after), .integer(Int64(limit))])
        var out: [(row: Int64, samples: [RecordedSample])] = []
        while try statement.step() {
            let bytes = statement.blob(at: 1) ?? []
            var offset = 0
            func take<T: FixedWidthInteger>(_: T.Type) -> T {
                var value: T = 0
                for index in 0..<MemoryLayout<T>.size { value |= T(bytes[offset + index]) << (8 * index) }
                offset += MemoryLayout<T>.size
                return value
            }
            var samples: [RecordedSample] = []
            while offset + Self.recordedSampleBytes <= bytes.count {
                let stamp = take(Int64.self)
                let (x, y, z) = (Float(bitPattern: take(UInt32.self)), Float(bitPattern: take(UInt32.self)),
                                 Float(bitPattern: take(UInt32.self)))
                samples.append(RecordedSample(bootNanoseconds: stamp, x: x, y: y, z: z))
            }
            out.append((statement.int64(at: 0), samples))
        }
        return out
    }

    /// A recording's presses at stops, in boot-time nanoseconds, in order.
    func recordingStops(_ id: Int64) throws -> [Int64] {
        let statement = try db.prepare("SELECT boot_ns FROM motion_labels WHERE recording = ?1 ORDER BY boot_ns")
        try statement.bind(.integer(id), at: 1)
        var out: [Int64] = []
        while try statement.step() { out.append(statement.int64(at: 0)) }
        return out
    }

    /// Deletes a recording and what it holds; whether there was one.
    func deleteRecording(_ id: Int64) throws -> Bool {
        try db.transaction {
            for table in ["motion_batches", "motion_labels"] {
                let statement = try db.prepare("DELETE FROM \(table) WHERE recording = ?1")
                try statement.bind(.integer(id), at: 1)
                _ = try statement.step()
            }
            let statement = try db.prepare("DELETE FROM motion_recordings WHERE id = ?1")
            try statement.bind(.integer(id), at: 1)
            _ = try statement.step()
            return db.changes > 0
        }
    }
}
