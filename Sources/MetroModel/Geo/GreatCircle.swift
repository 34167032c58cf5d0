#if canImport(Glibc)
import Glibc
#endif

/// Mean Earth radius (IUGG), metres.
let earthRadiusMeters = 6_371_008.8

/// Great-circle (haversine) distance between two WGS-84 points, in metres.
public func greatCircleMeters(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
    let rad = Double.pi / 180
    let dLat = (latitude2 - latitude1) * rad
    let dLon = (longitude2 - longitude1) * rad
    let h = sin(dLat / 2) * sin(dLat / 2)
        + cos(latitude1 * rad) * cos(latitude2 * rad) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * earthRadiusMeters * asin(min(1, h.squareRoot()))
}

/// The cosine of a latitude in degrees: how much shorter a degree of longitude is there than one of latitude.
func cosineOfLatitude(_ degrees: Double) -> Double { cos(degrees * Double.pi / 180) }
