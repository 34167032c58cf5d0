import MetroModel

/// One row of a feed's file read field by field, each failure located at the row's line and the field's position.
/// Spaces around a value are dropped: producers pad fields, and no GTFS value begins or ends with one.
struct FeedFields {
    let row: CSVRow
    let fileName: String

    /// The longest a service time may run past its day's midnight: 47:59:59, the next day's small hours and
    /// a whole day more. A metro trip later than that is a mistake in the feed.
    static let maximumServiceHours = 47

    var line: Int { row.line }

    func error(_ column: String, _ problem: FeedProblem) -> FeedError {
        FeedError(fileName: fileName, line: row.line, column: row.header.position(of: column).map { $0 + 1 }, problem: problem)
    }

    /// The value, trimmed; nil when the column is absent or the field empty.
    func optional(_ column: String) -> String? {
        guard let raw = row[column] else { return nil }
        let value = Self.trimmed(raw)
        return value.isEmpty ? nil : value
    }

    /// The value, which must be there.
    func required(_ column: String) throws(FeedError) -> String {
        guard row.header.contains(column) else {
            throw FeedError(fileName: fileName, line: 1, problem: .missingColumn(column))
        }
        guard let value = optional(column) else { throw error(column, .emptyField(column)) }
        return value
    }

    func bad(_ column: String, _ expected: Phrase) -> FeedError {
        error(column, .badValue(column: column, value: optional(column) ?? "", expected: expected))
    }

    /// A whole number in `range`, or nil when the field is empty.
    func integer(_ column: String, in range: ClosedRange<Int>) throws(FeedError) -> Int? {
        guard let text = optional(column) else { return nil }
        guard text.utf8.count <= 10, let value = Int(text), range.contains(value) else {
            throw bad(column, Phrase(uk: "ціле число від \(range.lowerBound) до \(range.upperBound)",
                                     en: "a whole number from \(range.lowerBound) to \(range.upperBound)"))
        }
        return value
    }

    /// A decimal number in `range`, or nil when the field is empty.
    func decimal(_ column: String, in range: ClosedRange<Double>) throws(FeedError) -> Double? {
        guard let text = optional(column) else { return nil }
        guard text.utf8.count <= 32, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B }),
            let value = Double(text), value.isFinite, range.contains(value)
        else {
            throw bad(column, Phrase(uk: "число від \(range.lowerBound) до \(range.upperBound)",
                                     en: "a number from \(range.lowerBound) to \(range.upperBound)"))
        }
        return value
    }

    /// A GTFS time `H:MM:SS` or `HH:MM:SS`, or nil when the field is empty.
    func time(_ column: String) throws(FeedError) -> ServiceTime? {
        guard let text = optional(column) else { return nil }
        guard let seconds = Self.serviceSeconds(text) else {
            throw bad(column, Phrase(uk: "час Г:ХХ:СС або ГГ:ХХ:СС (до \(Self.maximumServiceHours):59:59)",
                                     en: "a time H:MM:SS or HH:MM:SS (up to \(Self.maximumServiceHours):59:59)"))
        }
        return ServiceTime(seconds: seconds)
    }

    /// A GTFS date `YYYYMMDD` that is a real calendar date.
    func date(_ column: String) throws(FeedError) -> ServiceDate {
        let text = try required(column)
        guard let date = Self.serviceDate(text) else {
            throw bad(column, Phrase(uk: "дата РРРРММДД", en: "a date YYYYMMDD"))
        }
        return date
    }

    /// An optional date.
    func optionalDate(_ column: String) throws(FeedError) -> ServiceDate? {
        optional(column) == nil ? nil : try date(column)
    }

    /// A `0`/`1` flag; empty is `defaultValue`.
    func flag(_ column: String, default defaultValue: Bool) throws(FeedError) -> Bool {
        guard let value = try integer(column, in: 0...1) else { return defaultValue }
        return value == 1
    }

    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }

    /// Seconds of a service time, or nil when `text` is not one.
    static func serviceSeconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, (1...2).contains(parts[0].count), parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Int(parts[2]),
            hours <= maximumServiceHours, minutes < 60, seconds < 60
        else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }

    /// A date `YYYYMMDD`, or nil when `text` is not a real one.
    static func serviceDate(_ text: String) -> ServiceDate? {
        guard text.utf8.count == 8, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(text) else { return nil }
        let year = number / 10_000, month = number / 100 % 100, day = number % 100
        guard year >= 1900, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        return ServiceDate(year: year, month: month, day: day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
