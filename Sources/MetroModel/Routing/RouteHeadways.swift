/// The headways of a schema 2 file, looked up as model §3.1 does for Kyiv, for the route planner: a line's row
/// for the hour, direction and kind of day, moving linearly from its start value to its end value within the hour.
///
/// The file's hours are service hours and may pass 24 (a train after midnight belongs to the day it started on);
/// before the first hour with a row the first row's start value holds, after the last the last row's end value,
/// as Kyiv's table is clamped to 6…22. An hour inside that span with no row has no known headway (nil: the
/// planner counts no wait, as the schedule does for Kyiv). Which kind of day it is (`weekday`, `saturday`,
/// `sunday`) is the caller's to say: it needs the file's time zone and calendar, which the planner does not read.
public struct RouteHeadways: Sendable {
    private struct Key: Hashable {
        var line: String
        var direction: String
        var day: String
    }

    /// Rows by line, direction and day, sorted by hour.
    private let rows: [Key: [GeneralNetworkFile.HeadwayRecord]]

    public init(file: GeneralNetworkFile) {
        rows = Dictionary(grouping: file.headways) { Key(line: $0.line, direction: $0.direction, day: $0.day) }
            .mapValues { $0.sorted { $0.hour < $1.hour } }
    }

    /// The headway in seconds of `line` in `direction` on a kind of day at `seconds` after the service day's
    /// midnight, or nil where the file has none.
    public func headway(line: LineID, direction: Direction, day: String, secondsAfterMidnight seconds: Int) -> Int? {
        guard let rows = rows[Key(line: line.rawValue, direction: direction.rawValue, day: day)],
              let first = rows.first, let last = rows.last else { return nil }
        let hour = seconds / 3600
        if hour < first.hour { return first.start_s }
        if hour > last.hour { return last.end_s }
        guard let row = rows.first(where: { $0.hour == hour }) else { return nil }
        // rha(start + (end − start)·f) with f = the seconds into the hour / 3600, in integers as Kyiv's (§3.1).
        let scaled = Int64(row.start_s) * 3600 + Int64(row.end_s - row.start_s) * Int64(seconds % 3600)
        return Int(rhaDivide(scaled, by: 3600))
    }

    /// The headways a `RoutePlanner` asks for on a ride that leaves `departure` seconds after the service day's
    /// midnight on a kind of day.
    public func routeHeadway(day: String, departingAtSecondsAfterMidnight departure: Int) -> RoutePlanner.Headway {
        { line, direction, seconds in
            self.headway(line: line, direction: direction, day: day, secondsAfterMidnight: departure + seconds)
        }
    }
}
