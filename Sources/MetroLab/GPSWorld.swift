import Foundation
import MetroModel
import MetroTestSupport

/// One simulated GPS fix: where the receiver said it was, how sure it said it was, the speed over ground it
/// reported, and when (seconds after the train truly left the first station).
public struct SimulatedFix: Sendable, Equatable {
    public var seconds: Double
    public var latitude: Double
    public var longitude: Double
    public var reportedAccuracy: Double
    /// Speed over ground, m/s (never below 0).
    public var speed: Double
}

/// One station of a ride as the GPS world sees it: where it is, when the train truly stood there (seconds after
/// it left the first station), whether its receiver sees the sky there, and whether the train runs on from it to
/// the next one (not at a change, where the rider walks).
public struct GPSStop: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var arrival: Double
    public var departure: Double
    public var openSky: Bool
    public var runsOn: Bool

    public init(latitude: Double, longitude: Double, arrival: Double, departure: Double, openSky: Bool, runsOn: Bool) {
        self.latitude = latitude
        self.longitude = longitude
        self.arrival = arrival
        self.departure = departure
        self.openSky = openSky
        self.runsOn = runsOn
    }

    /// Metres to another stop along the great circle.
    public func meters(to other: GPSStop) -> Double {
        greatCircleMeters(latitude1: latitude, longitude1: longitude, latitude2: other.latitude, longitude2: other.longitude)
    }
}

extension WorldAssumptions {
    /// Fixes while the train is under open sky: standing at an open-sky station, or running between two of them.
    /// One every `gpsIntervalSeconds`, each lost with `gpsGapChance`, the position off by a normal error per axis,
    /// the speed over ground off by a normal error. A running train follows a `TrainMotion` along the straight
    /// line between the two stations, its rates drawn for that run, covering the great-circle distance in the
    /// true running time (doors closed at one to doors open at the next).
    public func fixes(stops: [GPSStop], _ random: inout SplitMix64) -> [SimulatedFix] {
        var out: [SimulatedFix] = []
        let step = gpsIntervalSeconds
        let metresPerDegreeLatitude = 111_320.0
        func emit(_ t: Double, _ latitude: Double, _ longitude: Double, speed: Double?) {
            guard !random.chance(gpsGapChance) else { return }
            let north = random.normal() * gpsErrorMeters, east = random.normal() * gpsErrorMeters
            let lat = latitude + north / metresPerDegreeLatitude
            let lon = longitude + east / (metresPerDegreeLatitude * cos(latitude * Double.pi / 180))
            let accuracy = random.uniform(gpsReportedAccuracy)
            // A standing train (speed nil) reads as the size of the noise; a running one as its speed plus the noise.
            let noise = random.normal() * gpsSpeedNoise
            let reported = speed.map { max($0 + noise, 0) } ?? abs(noise)
            out.append(SimulatedFix(seconds: t, latitude: lat, longitude: lon, reportedAccuracy: accuracy, speed: reported))
        }
        for i in stops.indices {
            let here = stops[i]
            guard here.openSky else { continue }
            // Standing at the station (from its arrival to its departure).
            var t = here.arrival + random.uniform(0, step)
            while t < here.departure {
                emit(t, here.latitude, here.longitude, speed: nil)
                t += step
            }
            // Running on to the next station, when that one is under open sky too.
            guard here.runsOn, i + 1 < stops.count, stops[i + 1].openSky else { continue }
            let next = stops[i + 1]
            let start = here.departure, end = next.arrival
            let motion = TrainMotion(distance: here.meters(to: next), duration: end - start,
                                     acceleration: random.uniform(gpsAcceleration), braking: random.uniform(gpsBraking))
            t = max(t, start)
            while t < end {
                let f = motion.distance > 0 ? motion.position(at: t - start) / motion.distance : 0
                emit(t, here.latitude + (next.latitude - here.latitude) * f,
                     here.longitude + (next.longitude - here.longitude) * f, speed: motion.speed(at: t - start))
                t += step
            }
        }
        return out
    }
}

extension World {
    /// The stations of a route as the GPS world sees them: open sky at a surface station.
    public func gpsStops(route: [RouteEvent], truth: TrueRide) -> [GPSStop] {
        route.indices.map { i in
            let station = network.station(route[i].station)
            return GPSStop(latitude: station?.latitude ?? 0, longitude: station?.longitude ?? 0,
                           arrival: truth.arrival[i], departure: truth.departure[i], openSky: station?.isSurface == true,
                           runsOn: i + 1 < route.count && !route[i + 1].isTransfer)
        }
    }

    /// Fixes while the train is above ground: standing at a surface station, or running between two surface
    /// stations (`WorldAssumptions.fixes(stops:)`).
    public func fixes(route: [RouteEvent], truth: TrueRide, _ random: inout SplitMix64) -> [SimulatedFix] {
        assumptions.fixes(stops: gpsStops(route: route, truth: truth), &random)
    }
}
