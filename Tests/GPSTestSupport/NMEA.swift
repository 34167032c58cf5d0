import Foundation
import Glibc

/// Builds the NMEA 0183 sentences a GPS receiver sends, for feeding a real gpsd in tests.
///
/// gpsd needs GGA (position, quality, HDOP) and RMC (the date) to report a timed fix; GST adds a
/// non-position message between fixes (gpsd reports it as its own JSON class).
package enum NMEA {
    /// `$BODY*CS` with the XOR checksum of the body, without line ending.
    package static func sentence(_ body: String) -> String {
        var sum: UInt8 = 0
        for byte in body.utf8 { sum ^= byte }
        let hex = String(sum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)"
    }

    /// The checksum field of a sentence is correct.
    package static func hasValidChecksum(_ sentence: String) -> Bool {
        guard sentence.hasPrefix("$"), let star = sentence.lastIndex(of: "*") else { return false }
        let body = String(sentence[sentence.index(after: sentence.startIndex)..<star])
        return Self.sentence(body) == sentence
    }

    /// The sentences of one receiver epoch: GGA, optionally GST, then RMC.
    /// - Parameters:
    ///   - unixNs: the receiver's UTC time of the fix (wall instant), sent with centisecond resolution.
    ///   - hdop: nil leaves the HDOP field empty, so gpsd has no error estimate.
    ///   - quality: GGA fix quality; 0 means no fix (position fields empty, RMC status V).
    package static func epoch(unixNs: Int64, latitude: Double, longitude: Double, hdop: Double? = 0.9, quality: Int = 1,
                      speedMetersPerSecond: Double = 0, trackDegrees: Double = 0, gst: Bool = false) -> [String] {
        let time = UTCStamp(unixNs: unixNs)
        let hasFix = quality != 0
        let lat = hasFix ? degreesMinutes(latitude, isLatitude: true) : ("", "")
        let lon = hasFix ? degreesMinutes(longitude, isLatitude: false) : ("", "")
        let hdopField = hdop.map { format("%.1f", $0) } ?? ""
        var out = [sentence("GPGGA,\(time.hhmmss),\(lat.0),\(lat.1),\(lon.0),\(lon.1),\(quality),09,\(hdopField),120.0,M,27.0,M,,")]
        if gst {
            out.append(sentence("GPGST,\(time.hhmmss),2.5,4.0,3.0,45.0,3.5,3.2,6.0"))
        }
        let knots = format("%.2f", speedMetersPerSecond * 3600 / 1852)
        let track = format("%.1f", trackDegrees)
        out.append(sentence("GPRMC,\(time.hhmmss),\(hasFix ? "A" : "V"),\(lat.0),\(lat.1),\(lon.0),\(lon.1),\(knots),\(track),\(time.ddmmyy),,,\(hasFix ? "A" : "N")"))
        return out
    }

    /// `ddmm.mmmmmm` / `dddmm.mmmmmm` and the hemisphere letter.
    package static func degreesMinutes(_ value: Double, isLatitude: Bool) -> (String, String) {
        let hemisphere = isLatitude ? (value >= 0 ? "N" : "S") : (value >= 0 ? "E" : "W")
        let magnitude = abs(value)
        let degrees = Int(magnitude)
        let minutes = (magnitude - Double(degrees)) * 60
        return (format(isLatitude ? "%02d%09.6f" : "%03d%09.6f", degrees, minutes), hemisphere)
    }

    /// printf-style formatting (C locale: a decimal point, never a comma).
    package static func format(_ pattern: String, _ args: CVarArg...) -> String {
        String(format: pattern, locale: nil, arguments: args)
    }
}

/// A wall instant split into NMEA's `hhmmss.ss` and `ddmmyy` fields (UTC).
package struct UTCStamp {
    package let hhmmss: String
    package let ddmmyy: String

    package init(unixNs: Int64) {
        var seconds = time_t(unixNs / 1_000_000_000)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        let centiseconds = Int((unixNs % 1_000_000_000) / 10_000_000)
        hhmmss = NMEA.format("%02d%02d%02d.%02d", Int(fields.tm_hour), Int(fields.tm_min), Int(fields.tm_sec), centiseconds)
        ddmmyy = NMEA.format("%02d%02d%02d", Int(fields.tm_mday), Int(fields.tm_mon) + 1, Int(fields.tm_year) % 100)
    }
}

/// The wall clock now, nanoseconds since the Unix epoch.
package func wallClockNowNs() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
