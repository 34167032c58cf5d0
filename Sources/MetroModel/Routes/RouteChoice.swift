/// A chosen route: where the rider boards and where they get off.
public struct RouteChoice: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Departure station.
    public var from: StationID
    /// Destination station.
    public var to: StationID

    /// A route.
    public init(from: StationID, to: StationID) {
        self.from = from
        self.to = to
    }

    /// `from → to`.
    public var description: String { "\(from) → \(to)" }
}
