/// Which half of a segment's timing a calibration sample measures. The two resolve independently in the
/// fallback chain (model §3.2), so measuring one never overwrites the other.
public enum CalibrationField: String, Sendable, Codable, CaseIterable {
    /// Running time from the departure at `from` to the arrival at `to`.
    case running
    /// Standing time at `to`.
    case dwell

    /// The plausible range of a sample in seconds (model §6): anything outside is a mis-press or a glitch and
    /// would distort the schedule for good (a 0.2 s running time would silently swallow a station).
    public var plausibleSeconds: ClosedRange<Double> {
        switch self {
        case .running: return 30...900
        case .dwell: return 3...600
        }
    }

    /// Human name used in reports.
    var noun: String { self == .running ? "running time" : "dwell" }
}

/// One measurement of a directed segment: its running time or the dwell at its `to` station.
public struct CalibrationSample: Sendable, Equatable, Codable {
    /// The directed segment `from>to`.
    public var key: SegmentKey
    /// What was measured.
    public var field: CalibrationField
    /// The measured duration in seconds.
    public var seconds: Double

    /// A sample of `field` for `key`.
    public init(key: SegmentKey, field: CalibrationField, seconds: Double) {
        self.key = key
        self.field = field
        self.seconds = seconds
    }

    private enum CodingKeys: String, CodingKey { case segment, field, seconds }

    /// Decodes `{"segment": "from>to", "field": ..., "seconds": ...}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try decodeSegmentKey(from: c, forKey: .segment)
        field = try c.decode(CalibrationField.self, forKey: .field)
        seconds = try c.decode(Double.self, forKey: .seconds)
    }

    /// Encodes `{"segment": "from>to", "field": ..., "seconds": ...}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key.description, forKey: .segment)
        try c.encode(field, forKey: .field)
        try c.encode(seconds, forKey: .seconds)
    }
}

/// Why a sample was not taken into the store: it names the segment, the value and the plausible range.
public struct CalibrationRejection: Sendable, Equatable, CustomStringConvertible {
    /// The rejected sample.
    public let sample: CalibrationSample

    /// The plausible range the sample fell outside of.
    public var range: ClosedRange<Double> { sample.field.plausibleSeconds }

    /// `running time 0.2 s for a>b is outside the plausible 30…900 s`.
    public var description: String { text.en }

    /// The reason in both languages (model §10): `час руху 0.2 с на a>b поза правдоподібними 30…900 с`.
    public var text: Phrase {
        let value = formatSeconds(sample.seconds), low = formatSeconds(range.lowerBound), high = formatSeconds(range.upperBound)
        return Phrase(uk: "\(sample.field == .running ? "час руху" : "стоянка") \(value) с на \(sample.key) поза правдоподібними "
                          + "\(low)…\(high) с",
                      en: "\(sample.field.noun) \(value) s for \(sample.key) is outside the plausible \(low)…\(high) s")
    }
}

/// What adding a sample did.
public enum CalibrationOutcome: Sendable, Equatable {
    /// Taken in: the field's new average and its sample count.
    case accepted(newAverage: Double, count: Int)
    /// Refused: the store is unchanged (not even an empty record was created).
    case rejected(reason: CalibrationRejection)
}

/// Seconds for reports: whole numbers without a fraction, others as Swift prints them.
func formatSeconds(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

/// Reads a `from>to` key, failing with a message that names the bad text.
func decodeSegmentKey<K: CodingKey>(from c: KeyedDecodingContainer<K>, forKey key: K) throws -> SegmentKey {
    let text = try c.decode(String.self, forKey: key)
    guard let parsed = SegmentKey(text) else {
        throw DecodingError.dataCorruptedError(
            forKey: key, in: c, debugDescription: "segment '\(text)' is not of the form from>to")
    }
    return parsed
}
