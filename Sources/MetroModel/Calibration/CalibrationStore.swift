/// A running average and how many samples made it.
public struct CalibrationAverage: Sendable, Equatable, Codable {
    /// Mean of the samples, seconds.
    public var average: Double
    /// Number of samples (≥ 1 in a sane store).
    public var count: Int

    /// An average over `count` samples.
    public init(average: Double, count: Int) {
        self.average = average
        self.count = count
    }

    /// The average with one more sample: `avg' = (avg·n + x)/(n + 1)` (model §6).
    func adding(_ x: Double) -> CalibrationAverage {
        CalibrationAverage(average: (average * Double(count) + x) / Double(count + 1), count: count + 1)
    }
}

/// Everything measured for one directed segment. Either field may be missing: running time and dwell are
/// measured and resolved independently.
public struct CalibrationRecord: Sendable, Equatable, Codable {
    /// The directed segment `from>to`.
    public var key: SegmentKey
    /// Running time from `from` to `to`.
    public var running: CalibrationAverage?
    /// Dwell at `to`.
    public var dwell: CalibrationAverage?

    /// A record for `key`.
    public init(key: SegmentKey, running: CalibrationAverage? = nil, dwell: CalibrationAverage? = nil) {
        self.key = key
        self.running = running
        self.dwell = dwell
    }

    /// Whether nothing is recorded.
    public var isEmpty: Bool { running == nil && dwell == nil }

    /// The average of one field.
    public subscript(field: CalibrationField) -> CalibrationAverage? {
        get { field == .running ? running : dwell }
        set { if field == .running { running = newValue } else { dwell = newValue } }
    }

    private enum CodingKeys: String, CodingKey { case segment, running, dwell }

    /// Decodes `{"segment": "from>to", "running": {...}?, "dwell": {...}?}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try decodeSegmentKey(from: c, forKey: .segment)
        running = try c.decodeIfPresent(CalibrationAverage.self, forKey: .running)
        dwell = try c.decodeIfPresent(CalibrationAverage.self, forKey: .dwell)
    }

    /// Encodes `{"segment": "from>to", "running": {...}?, "dwell": {...}?}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key.description, forKey: .segment)
        try c.encodeIfPresent(running, forKey: .running)
        try c.encodeIfPresent(dwell, forKey: .dwell)
    }
}

/// Measured timings per directed segment (model §6): the first link of the fallback chain of §3.2.
///
/// A value, injected wherever a schedule is computed; never a global. Every field it holds is plausible:
/// `add` refuses implausible samples and `sanitised` drops implausible stored fields, so a glitch can never
/// swallow a station. Calibration is never mirrored: `a>b` says nothing about `b>a`.
public struct CalibrationStore: Sendable, Equatable, Codable {
    private var byKey: [SegmentKey: CalibrationRecord]

    /// An empty store.
    public init() { byKey = [:] }

    /// An empty store.
    public static let empty = CalibrationStore()

    /// Every record, sorted by segment (for `metrotimer calibration`: averages and sample counts).
    public var records: [CalibrationRecord] { byKey.values.sorted { $0.key < $1.key } }

    /// Whether nothing is recorded.
    public var isEmpty: Bool { byKey.isEmpty }

    /// The record of one segment, if anything was measured on it.
    public func record(for key: SegmentKey) -> CalibrationRecord? { byKey[key] }

    /// The average running time of exactly this direction, seconds.
    public func runningAverage(for key: SegmentKey) -> Double? { byKey[key]?.running?.average }

    /// The average dwell at `key.to` when arriving from `key.from`, seconds.
    public func dwellAverage(for key: SegmentKey) -> Double? { byKey[key]?.dwell?.average }

    /// Takes one sample in, or refuses it when it is outside the plausible range of its field (a refused
    /// sample leaves the store exactly as it was).
    @discardableResult
    public mutating func add(_ sample: CalibrationSample) -> CalibrationOutcome {
        guard sample.seconds.isFinite, sample.field.plausibleSeconds.contains(sample.seconds) else {
            return .rejected(reason: CalibrationRejection(sample: sample))
        }
        var record = byKey[sample.key] ?? CalibrationRecord(key: sample.key)
        let updated = record[sample.field]?.adding(sample.seconds)
            ?? CalibrationAverage(average: sample.seconds, count: 1)
        record[sample.field] = updated
        byKey[sample.key] = record
        return .accepted(newAverage: updated.average, count: updated.count)
    }

    /// Adds several samples in order, returning each outcome.
    public mutating func add(_ samples: [CalibrationSample]) -> [CalibrationOutcome] {
        samples.map { add($0) }
    }

    /// Forgets everything.
    public mutating func reset() { byKey = [:] }

    /// Forgets one segment.
    public mutating func reset(_ key: SegmentKey) { byKey[key] = nil }

    /// Sets averages directly (one sample each); `nil` removes the field, and a record with neither is removed.
    /// For tests and fixtures only: it bypasses plausibility.
    public mutating func setForTesting(_ key: SegmentKey, running: Double?, dwell: Double?) {
        let record = CalibrationRecord(
            key: key,
            running: running.map { CalibrationAverage(average: $0, count: 1) },
            dwell: dwell.map { CalibrationAverage(average: $0, count: 1) })
        byKey[key] = record.isEmpty ? nil : record
    }

    /// Builds a store from stored records, as on load: every field outside its plausible range (or with a
    /// non-positive sample count) is dropped, records left empty are removed, and each drop is described in
    /// `dropped` (segment, field, value and sample count) so it can be logged. A later record for the same
    /// segment replaces an earlier one.
    public static func sanitised(_ records: [CalibrationRecord]) -> (CalibrationStore, dropped: [String]) {
        var store = CalibrationStore()
        var dropped: [String] = []
        for var record in records {
            for field in CalibrationField.allCases {
                guard let value = record[field] else { continue }
                let plausible = value.average.isFinite && field.plausibleSeconds.contains(value.average)
                if !plausible || value.count < 1 {
                    let range = field.plausibleSeconds
                    dropped.append(
                        "\(record.key) \(field.noun) \(formatSeconds(value.average)) s over \(value.count) "
                            + "sample\(value.count == 1 ? "" : "s") dropped (plausible "
                            + "\(formatSeconds(range.lowerBound))…\(formatSeconds(range.upperBound)) s)")
                    record[field] = nil
                }
            }
            store.byKey[record.key] = record.isEmpty ? nil : record
        }
        return (store, dropped)
    }

    /// Decodes the list of records and sanitises it (see `sanitised`), so a decoded store never holds junk.
    /// The drop report is lost here: a loader that must log it decodes `[CalibrationRecord]` and calls
    /// `sanitised` itself.
    public init(from decoder: any Decoder) throws {
        let records = try decoder.singleValueContainer().decode([CalibrationRecord].self)
        self = CalibrationStore.sanitised(records).0
    }

    /// Encodes the records as a list sorted by segment.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(records)
    }
}
