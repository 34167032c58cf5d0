import MetroModel

/// A finished calibration session as stored: enough to replay it (model §6.3).
public struct StoredCalibrationSession: Equatable, Sendable {
    public var line: LineID
    public var direction: Direction
    public var start: StationID
    /// The raw press instants, in order.
    public var presses: [Instant]

    public init(line: LineID, direction: Direction, start: StationID, presses: [Instant]) {
        self.line = line
        self.direction = direction
        self.start = start
        self.presses = presses
    }

    public init(session: CalibrationSession) {
        self.init(line: session.line, direction: session.direction, start: session.start, presses: session.rawPresses)
    }
}
