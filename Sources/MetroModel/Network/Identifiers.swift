/// An identifier that is an ASCII slug (`akademmistechko`, `m1`): encoded as a bare JSON string, ordered and
/// printed as its text.
public protocol SlugIdentifier: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral where RawValue == String
{
    init(rawValue: String)
}

extension SlugIdentifier {
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The ASCII slug that names a station everywhere: in the data file, in routes, in the journal and on the
/// control socket (`akademmistechko`, `maidan-nezalezhnosti`).
public struct StationID: SlugIdentifier {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// A metro line's id (`m1`, `m2`, `m3`).
public struct LineID: SlugIdentifier {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// Direction of travel along a line. Forward is increasing index in the line's station list
/// (m1 akademmistechko → lisova, m2 heroiv-dnipra → teremky, m3 syrets → chervonyi-khutir).
public enum Direction: String, Sendable, Codable, CaseIterable {
    case forward
    case backward
}

/// A directed segment `from>to` between two adjacent stations of one line: the key of seeds and calibration.
public struct SegmentKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let from: StationID
    public let to: StationID
    public init(from: StationID, to: StationID) {
        self.from = from
        self.to = to
    }
    /// The same segment travelled the other way.
    public var mirrored: SegmentKey { SegmentKey(from: to, to: from) }
    /// `from>to`, the form used in files and on the socket.
    public var description: String { "\(from.rawValue)>\(to.rawValue)" }
    /// Parses `from>to`.
    public init?(_ text: String) {
        let parts = text.split(separator: ">", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        self.init(from: StationID(String(parts[0])), to: StationID(String(parts[1])))
    }
    public static func < (lhs: SegmentKey, rhs: SegmentKey) -> Bool {
        (lhs.from, lhs.to) < (rhs.from, rhs.to)
    }
}

/// Weekday or weekend timetable (public holidays use the weekday table, model §3.1).
public enum DayType: String, Sendable, Codable, CaseIterable {
    case weekday
    case weekend
}

/// The rider's language. Every user-facing string exists in both (model §10).
public enum Language: String, Sendable, Codable, CaseIterable {
    case uk
    case en
}
