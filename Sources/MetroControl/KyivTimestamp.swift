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

    /// The Unix nanoseconds of a timestamp in either form above (any numeric offset), nil for other text: clients
    /// read the daemon's instants back with it, so the form is read where it is written.
    public static func unixNanoseconds(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var value = 0
            for c in b[from..<(from + count)] {
                guard c >= 48 && c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        guard b.count >= 25, let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
        else { return nil }
        var i = 19
        var millis = 0
        if b[i] == UInt8(ascii: ".") {
            guard let fraction = number(20, 3) else { return nil }
            millis = fraction
            i = 23
        }
        guard i + 6 <= b.count, let offsetHours = number(i + 1, 2), let offsetMinutes = number(i + 4, 2) else { return nil }
        let sign: Int64 = b[i] == UInt8(ascii: "-") ? -1 : 1
        let local = KyivTime.daysFromCivil(year: year, month: month, day: day) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
        let unix = local - sign * Int64(offsetHours * 3600 + offsetMinutes * 60)
        return unix * 1_000_000_000 + Int64(millis) * 1_000_000
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
