/// What riding a network needs of it: the seam between the engine (and the daemon around it) and a network's
/// data. Kyiv's `Network` (schema 1) and an `ImportedNetwork` (schema 2, any metro from its GTFS feed) are the two
/// kinds; the engine holds one as `any RideNetwork` and never asks which.
///
/// The rules that do not depend on the kind of network — starting a trip, the ±1 and "train departed"
/// corrections, GPS snaps (model §3–§5) — are written once, in extensions of this protocol, over `fill` and
/// `travelAndDwell`; each kind supplies its own route, timing, headways and service hours.
public protocol RideNetwork: Sendable {
    /// A station's facts: its names, place, whether it is above ground or closed, and a line that serves it (on
    /// an imported network a station may be served by several; the line of each ride is in its route events).
    func station(_ id: StationID) -> Station?

    /// Whether a GPS fix can reach a train at this station (model §5.4): Kyiv's data flags its stations above ground;
    /// a feed does not say, so every station of an imported network may be under open sky (underground no fix
    /// arrives to be taken).
    func isOpenSky(_ id: StationID) -> Bool

    /// The name of the network's own state (journal, calibration, pins, the trip in progress) beside other
    /// networks': nil for Kyiv's, whose state came first; letters, digits and hyphens otherwise.
    var stateName: String? { get }

    /// How many stations the network has.
    var stationCount: Int { get }

    /// A line's colour, `#RRGGBB`, nil for no such line.
    func lineColor(_ id: LineID) -> String?

    /// The one station `query` names (an id, a platform id on an imported network, or a name folded as model §10
    /// folds it), or the refusal naming what was typed.
    func station(named query: String) throws(PlanError) -> StationID

    /// The route the daemon rides between two stations (model §2), as planned for a train leaving at
    /// `leavingAtUnixSeconds`; nil asks only whether the pair can be ridden at all (choosing, pinning, reminders).
    func route(from: StationID, to: StationID, leavingAtUnixSeconds: Int64?) throws(PlanError) -> [RouteEvent]

    /// Travel time and dwell from one route event to the next: the walk of a change (no dwell), else the
    /// segment's running time and the dwell at its end by the fallback chain (model §3.2).
    func travelAndDwell(from previous: RouteEvent, to event: RouteEvent, calibration: CalibrationStore,
                        wall: WallClockMapping, leaving: Instant) -> (travel: Int, dwell: Int)

    /// The schedule of `route` from position `index` on (model §3), after `prefix` (the events `0 ..< index`);
    /// `cursor` is the instant the train leaves event `index − 1`.
    func fill(route: [RouteEvent], from index: Int, cursor: Instant, prefix: [ScheduledEvent],
              calibration: CalibrationStore, wall: WallClockMapping) -> [ScheduledEvent]

    /// The network's own clock: the civil time of a Unix instant in its time zone (Kyiv's, or the feed's).
    func civil(unixSeconds: Int64) -> CivilTime

    /// The first/last-train warning of a trip (model §7), checked at every boarding.
    func serviceIssue(for trip: Trip) -> ServiceIssue?

    /// The stations a calibration session rides from `start` to the end of `line` in `direction` (model §6.3),
    /// nil when `start` is not a station of that line with a next one that way.
    func calibrationStops(line: LineID, direction: Direction, start: StationID) -> [CalibrationSession.Stop]?

    // MARK: The rider's suspended stretches

    /// The segments of a stretch, or why it is not one (or why this network cannot suspend stretches).
    func segments(of stretch: SuspendedStretch) throws(SuspensionError) -> [SegmentKey]
    /// This network with the rider's suspended stretches laid over its data.
    func withLocalSuspensions(_ stretches: [SuspendedStretch]) -> Self
    /// The fewest stretches covering `segments`, named as `declared` named them where they match.
    func stretches(covering segments: Set<SegmentKey>, declared: [SuspendedStretch]) -> [SuspendedStretch]
}

extension RideNetwork {
    /// Whether a ride between two stations can be planned at all (any time): a route chosen, pinned or reminded
    /// of must pass this.
    public func checkRoute(from: StationID, to: StationID) throws(PlanError) {
        _ = try route(from: from, to: to, leavingAtUnixSeconds: nil)
    }
}
