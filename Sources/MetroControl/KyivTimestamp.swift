import MetroModel

/// ISO 8601 timestamps in Kyiv local time with the numeric offset (`2026-08-17T22:41:15+03:00`), the form every
/// JSON contract of metrotimer uses.
public enum KyivTimestamp {
    /// Whole seconds (floor), e.g. for `metrotimer plan --json`.
    public static func seconds(unixNanoseconds: Int64) -> String {
        let unix = floorDivide(unixNanoseconds, by: 1_000_000_000)
        return format(KyivTime.civil(unixSeconds: unix), fraction: nil)
    }

    /// Milliseconds (floor), e.g. for `metrotimer status --json`: `2026-08-17T22:41:15.250+03:00`.
    public static func milliseconds(unixNanoseconds: Int64) -> String {
        let unix = floorDivide(unixNanoseconds, by: 1_000_000_000)
        let millis = Int(floorDivide(unixNanoseconds, by: 1_000_000) - unix * 1000)
        return format(KyivTime.civil(unixSeconds: unix), fraction: millis)
    }

    static func format(_ c: CivilTime, fraction: Int?) -> String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        var out = "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))"
        if let fraction { out += "." + pad(fraction, 3) }
        let offset = c.utcOffsetSeconds
        let sign = offset < 0 ? "-" : "+"
        out += "\(sign)\(pad(abs(offset) / 3600, 2)):\(pad(abs(offset) % 3600 / 60, 2))"
        return out
    }
}
