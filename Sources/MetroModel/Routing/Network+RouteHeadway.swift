extension Network {
    /// The headways a `RoutePlanner` asks for on a ride that leaves at `unix` (Unix seconds): the headway of
    /// model §3.1 at the instant the rider reaches the platform, as the schedule (`fill`) looks it up.
    public func routeHeadway(departingAtUnixSeconds unix: Int64) -> RoutePlanner.Headway {
        { line, direction, seconds in
            self.headway(line: line, direction: direction, atUnixSeconds: unix + Int64(seconds))
        }
    }
}
