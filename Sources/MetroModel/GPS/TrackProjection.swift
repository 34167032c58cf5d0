/// Where a fix lies along one segment of a route: the straight line between two consecutive stations (model §5.4).
public struct TrackProjection: Sendable, Equatable {
    /// The route event the segment runs to (it runs from `toward − 1`).
    public var toward: Int
    /// Distance covered from the segment's first station to the fix's foot on the line, metres.
    public var alongMeters: Double
    /// The segment's straight length, metres.
    public var lengthMeters: Double
    /// Distance from the fix to the line (to the nearer station beyond either end), metres.
    public var offTrackMeters: Double

    /// Metres left to the segment's end.
    public var metersLeft: Double { max(lengthMeters - alongMeters, 0) }
}

/// The foot of a point on a segment between two places, in a flat plane around the first (an equirectangular
/// projection: within the few kilometres of a segment its error is far below a fix's).
public func projectOnSegment(latitude: Double, longitude: Double,
                             from a: (latitude: Double, longitude: Double),
                             to b: (latitude: Double, longitude: Double)) -> (along: Double, length: Double, off: Double)
{
    let metresPerDegree = earthRadiusMeters * Double.pi / 180
    let cosine = cosineOfLatitude(a.latitude)
    let bx = (b.longitude - a.longitude) * cosine * metresPerDegree, by = (b.latitude - a.latitude) * metresPerDegree
    let px = (longitude - a.longitude) * cosine * metresPerDegree, py = (latitude - a.latitude) * metresPerDegree
    let lengthSquared = bx * bx + by * by
    let length = lengthSquared.squareRoot()
    guard length > 0 else { return (0, 0, (px * px + py * py).squareRoot()) }
    let share = min(max((px * bx + py * by) / lengthSquared, 0), 1)
    let dx = px - share * bx, dy = py - share * by
    return (share * length, length, (dx * dx + dy * dy).squareRoot())
}

extension RideNetwork {
    /// The segments of `route` a fix can lie on, each within the GPS reach (`SnapLimits.snapRadiusMeters`) of its
    /// line: every segment the train runs (not the walk of a change) between two stations under open sky, and the
    /// end of one that leaves the ground near such a station within that reach of it (where the other end is
    /// underground, the tunnel mouth is somewhere between, and nothing says where).
    public func trackProjections(latitude: Double, longitude: Double, route: [RouteEvent]) -> [TrackProjection] {
        var out: [TrackProjection] = []
        guard route.count >= 2 else { return out }
        func near(_ s: Station) -> Bool {
            greatCircleMeters(latitude1: latitude, longitude1: longitude, latitude2: s.latitude,
                              longitude2: s.longitude) <= SnapLimits.snapRadiusMeters
        }
        for i in 1..<route.count where !route[i].isTransfer {
            guard let a = station(route[i - 1].station), let b = station(route[i].station) else { continue }
            let openA = isOpenSky(a.id), openB = isOpenSky(b.id)
            guard (openA && openB) || (openA && near(a)) || (openB && near(b)) else { continue }
            let foot = projectOnSegment(latitude: latitude, longitude: longitude,
                                        from: (a.latitude, a.longitude), to: (b.latitude, b.longitude))
            guard foot.off <= SnapLimits.snapRadiusMeters else { continue }
            out.append(TrackProjection(toward: i, alongMeters: foot.along, lengthMeters: foot.length,
                                       offTrackMeters: foot.off))
        }
        return out
    }
}
