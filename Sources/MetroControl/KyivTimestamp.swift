import MetroModel

/// ISO 8601 timestamps in Kyiv local time with the numeric offset (`2026-08-17T22:41:15+03:00`), the form every
/// JSON contract of metrotimer uses.
public enum KyivTimestamp {
    /// Whole seconds (floor).
    public static func seconds(unixNanoseconds: Int64) -> String {
        seconds(unixSeconds: floorDivide(unixNanoseconds, by: 1_000_000_000))
    }

    /// Whole seconds, e.g. for `metrotimer plan --json`.
    public static func seconds(unixSeconds: Int64) -> String { format(KyivTime.civil(unixSeconds: unixSeconds), fraction: nil) }

    /// Milliseconds (floor), e.g. for `metrotimer status --json`: `2026-08-17T22:41:15.250+03:00`.
    public static func milliseconds(unixNanoseconds: Int64) -> String {
        milliseconds(unixNanoseconds: unixNanoseconds, clock: KyivTime.civil(unixSeconds:))
    }

    /// Milliseconds (floor) on a network's own clock (`clock`: the civil time of a Unix second there), in the same
    /// form with that zone's offset: an imported network's times read as its riders' clocks show them.
    public static func milliseconds(unixNanoseconds: Int64, clock: (Int64) -> CivilTime) -> String {
        let unix = floorDivide(unixNanoseconds, by: 1_000_000_000)
        let millis = Int(floorDivide(unixNanoseconds, by: 1_000_000) - unix * 1000)
        return format(clock(unix), fraction: millis)
    }

    /// Whole seconds on a network's own clock, as `milliseconds(unixNanoseconds:clock:)`.
    public static func seconds(unixSeconds: Int64, clock: (Int64) -> CivilTime) -> String {
        format(clock(unixSeconds), fraction: nil)
    }

    /// The Unix nanoseconds of a timestamp in either form above (any numeric offset), nil for other text and for an
    /// instant the nanosecond timeline cannot hold (before 1678 or after 2262): clients
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
        // Years past 2262 do not fit the nanosecond timeline: refused like any other text, never a trap.
        let (nanoseconds, overflow) = unix.multipliedReportingOverflow(by: 1_000_000_000)
        let (instant, past) = nanoseconds.addingReportingOverflow(Int64(millis) * 1_000_000)
        return overflow || past ? nil : instant
    }

    /// The civil time's own ISO form (`CivilTime.description`, the one place a timestamp is written), with the
    /// milliseconds put in before its offset (always `±HH:MM`) when given.
    static func format(_ c: CivilTime, fraction: Int?) -> String {
        let text = c.description
        guard let fraction else { return text }
        let digits = String(fraction)
        let millis = "." + String(repeating: "0", count: max(3 - digits.count, 0)) + digits
        return String(text.dropLast(6)) + millis + String(text.suffix(6))
    }

}
