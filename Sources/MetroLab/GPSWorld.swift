import Foundation
import MetroModel
import MetroTestSupport

/// One simulated GPS fix: where the receiver said it was, how sure it said it was, and when (seconds after the
/// train truly left the first station).
public struct SimulatedFix: Sendable, Equatable {
    public var seconds: Double
    public var latitude: Double
    public var longitude: Double
    public var reportedAccuracy: Double
}

extension World {
    /// Fixes while the train is above ground: standing at a surface station, or running between two surface
    /// stations. One every `gpsIntervalSeconds`, each lost with `gpsGapChance`, the position off by a normal
    /// error per axis.
    public func fixes(route: [RouteEvent], truth: TrueRide, _ random: inout SplitMix64) -> [SimulatedFix] {
        var out: [SimulatedFix] = []
        let step = assumptions.gpsIntervalSeconds
        let metresPerDegreeLatitude = 111_320.0
        func emit(_ t: Double, _ latitude: Double, _ longitude: Double) {
            guard !random.chance(assumptions.gpsGapChance) else { return }
            let error = assumptions.gpsErrorMeters
            let north = random.normal() * error, east = random.normal() * error
            let lat = latitude + north / metresPerDegreeLatitude
            let lon = longitude + east / (metresPerDegreeLatitude * cos(latitude * Double.pi / 180))
            out.append(SimulatedFix(seconds: t, latitude: lat, longitude: lon,
                                    reportedAccuracy: random.uniform(assumptions.gpsReportedAccuracy)))
        }
        for i in route.indices {
            guard let here = network.station(route[i].station), here.isSurface else { continue }
            // Standing at the station (from its arrival to its departure).
            var t = truth.arrival[i] + random.uniform(0, step)
            while t < truth.departure[i] {
                emit(t, here.latitude, here.longitude)
                t += step
            }
            // Running on to the next station, when that one is above ground too.
            guard i + 1 < route.count, !route[i + 1].isTransfer, let next = network.station(route[i + 1].station),
                next.isSurface else { continue }
            let start = truth.departure[i], end = truth.arrival[i + 1]
            t = max(t, start)
            while t < end {
                let f = (t - start) / (end - start)
                emit(t, here.latitude + (next.latitude - here.latitude) * f,
                     here.longitude + (next.longitude - here.longitude) * f)
                t += step
            }
        }
        return out
    }
}
