/// One station of a planned route (model §2).
public struct RouteEvent: Hashable, Sendable, Codable {
    public var station: StationID
    /// The line the rider is on here; for the transfer event, the line being boarded.
    public var line: LineID
    /// The train stops here for the rider: false for a closed station and for a transfer event that is not the
    /// destination.
    public var isStop: Bool
    /// The boarding station on the second line of a change.
    public var isTransfer: Bool
    public init(station: StationID, line: LineID, isStop: Bool, isTransfer: Bool) {
        self.station = station
        self.line = line
        self.isStop = isStop
        self.isTransfer = isTransfer
    }
}
