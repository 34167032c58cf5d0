/// Kyiv's network (schema 1) as the engine rides it: its one route between two stations whatever the hour, and
/// timing by the fallback chain, which does not change with the hour either.
extension Network: RideNetwork {
    public func route(from: StationID, to: StationID, leavingAtUnixSeconds: Int64?) throws(PlanError) -> [RouteEvent] {
        try route(from: from, to: to)
    }

    public var stateName: String? { nil }

    public func isOpenSky(_ id: StationID) -> Bool { station(id)?.isSurface ?? false }

    public var stationCount: Int { stationOrder.count }

    public func lineColor(_ id: LineID) -> String? { line(id)?.color }

    public func civil(unixSeconds: Int64) -> CivilTime { KyivTime.civil(unixSeconds: unixSeconds) }

    public func travelAndDwell(from previous: RouteEvent, to event: RouteEvent, calibration: CalibrationStore,
                               wall: WallClockMapping, leaving: Instant) -> (travel: Int, dwell: Int)
    {
        travelAndDwell(from: previous, to: event, calibration: calibration)
    }
}
