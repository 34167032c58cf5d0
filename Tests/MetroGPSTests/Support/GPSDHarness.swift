import GPSTestSupport
import Glibc
import MetroGPS

/// A fresh gpsd with an observer and a session under test, made ready to report fixes.
///
/// Priming: gpsd reports a fix only to clients whose `?WATCH` it has already processed, and its first
/// fix after start has no date (no RMC yet). So the harness sends priming epochs at a position far from
/// any test position until both the session and the observer have seen a timed fix; fixes at the priming
/// position are then ignored by `collect`.
final class GPSDHarness {
    /// Where priming fixes are placed (the Black Sea, far from Kyiv and from any station).
    static let primingLatitude = 43.0
    static let primingLongitude = 33.0

    let gpsd: GPSDProcess
    let observer: GPSDObserver
    let session: GPSDSession

    /// Starts gpsd and primes a session. `hdop` is used for the priming epochs: gpsd keeps the last HDOP
    /// it saw, so a test of "no HDOP" must never have sent one.
    init(primingHDOP hdop: Double? = 0.9) throws {
        gpsd = try GPSDProcess.start()
        observer = try GPSDObserver(port: gpsd.port)
        session = try GPSDSession.open(gpsd.address)
        var primed = false
        for _ in 0..<20 where !primed {
            try gpsd.send(NMEA.epoch(unixNs: wallClockNowNs(), latitude: Self.primingLatitude,
                                     longitude: Self.primingLongitude, hdop: hdop))
            if let fix = try? nextFixes(timeoutMs: 500, includePriming: true).first {
                primed = fix.hasPosition && fix.receiverTimeUnixNs != nil
            }
        }
        guard primed else { throw Loopback.Failure("gpsd never reported a priming fix: \(gpsd.log())", errno: ETIMEDOUT) }
        try observer.waitForReport { $0.latitude == Self.primingLatitude }
    }

    deinit {
        session.close()
        gpsd.stop()
    }

    /// Whether a fix is one of the harness's priming fixes.
    static func isPriming(_ fix: GPSFix) -> Bool {
        fix.latitude == primingLatitude && fix.longitude == primingLongitude
    }

    /// Waits for the session's fd, then returns one drain's non-priming fixes (possibly empty only when
    /// `includePriming`); throws when nothing arrives in time or gpsd disconnects.
    func nextFixes(timeoutMs: Int32 = 5000, includePriming: Bool = false) throws -> [GPSFix] {
        var waited: Int32 = 0
        while waited < timeoutMs {
            guard Loopback.waitReadable(session.fd, timeoutMs: 50) else { waited += 50; continue }
            switch session.readAvailable() {
            case .disconnected:
                throw Loopback.Failure("gpsd disconnected: \(gpsd.log())", errno: ECONNRESET)
            case .fixes(let fixes):
                let kept = includePriming ? fixes : fixes.filter { !Self.isPriming($0) }
                if !kept.isEmpty { return kept }
            }
        }
        throw Loopback.Failure("no fix from gpsd within \(timeoutMs) ms", errno: ETIMEDOUT)
    }

    /// Collects fixes until one satisfies `last`, returning all of them (that one included), in order.
    func collect(until last: (GPSFix) -> Bool) throws -> [GPSFix] {
        var all: [GPSFix] = []
        while !all.contains(where: last) { all += try nextFixes() }
        return all
    }
}
