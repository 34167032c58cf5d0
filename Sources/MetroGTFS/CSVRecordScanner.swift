/// Splits the bytes of one CSV file into records (RFC 4180), one at a time: a record costs the memory of its own
/// fields, whatever the size of the file.
///
/// What it accepts beyond the letter of RFC 4180, as GTFS feeds need: LF as well as CRLF line ends, a last record
/// without a line end, a UTF-8 byte order mark at the start, and empty lines anywhere, which are skipped (a
/// trailing one cannot be told from one in the middle until the file ends, and neither carries a row). A lone CR
/// is data, inside quotes or not. Fields are taken as they are: spaces around them are kept.
struct CSVRecordScanner<Bytes: IteratorProtocol> where Bytes.Element == UInt8 {
    /// One record: its fields and the physical line each field begins on.
    struct Record {
        var line = 0
        var fields: [String] = []
        var fieldLines: [Int] = []
    }

    /// Where the scanner is within the current field.
    private enum FieldState: Equatable {
        /// Nothing of the field read yet.
        case start
        /// In a field that did not begin with a quote.
        case unquoted
        /// Inside a quoted field; the line its quote opened on is kept for the error if it never closes.
        case quoted(openedOnLine: Int)
        /// Just after a quote inside a quoted field: the closing quote, or the first of a doubled one.
        case quoteInQuoted(openedOnLine: Int)

        /// Inside quotes, commas and line ends are text.
        var isInsideQuotes: Bool {
            if case .quoted = self { return true }
            return false
        }
    }

    private let fileName: String
    private let limits: CSVLimits
    private var cursor: CSVByteCursor<Bytes>
    /// The bytes of the field being read; its storage is kept between fields, so it grows to the longest field
    /// once instead of being allocated for every field.
    private var content: [UInt8] = []
    private var validator = UTF8Validator()

    init(fileName: String, bytes: Bytes, limits: CSVLimits) {
        self.fileName = fileName
        self.limits = limits
        cursor = CSVByteCursor(bytes)
        cursor.skipByteOrderMark()
    }

    /// The next record, or nil at the end of the file. With `maximumFields`, a record's field beyond it is refused
    /// as soon as it begins, so a row longer than the header costs nothing more.
    mutating func nextRecord(maximumFields: Int?) throws(CSVReadError) -> Record? {
        var record = Record()
        var state = FieldState.start
        var rowBytes = 0
        resetField()
        while let byte = cursor.take() {
            let beginsRecord = state == .start && record.fields.isEmpty
            if !state.isInsideQuotes && endsLine(byte) {
                // An empty line: no record begun, so nothing to return; the next line may hold one.
                if beginsRecord { continue }
                try finishField(&record)
                return record
            }
            if beginsRecord {
                record.line = cursor.line
                record.fieldLines = [cursor.line]
            }
            rowBytes += 1
            if rowBytes > limits.maximumRowBytes { throw failure(.rowTooLong(limit: limits.maximumRowBytes), record) }
            state = try advance(from: state, over: byte, record: &record, maximumFields: maximumFields)
        }
        return try endOfFile(in: state, record: &record)
    }

    /// Reads one byte of a record that is not its line end; returns where the field stands after it.
    private mutating func advance(from state: FieldState, over byte: UInt8, record: inout Record, maximumFields: Int?)
    throws(CSVReadError) -> FieldState {
        switch state {
        case .start where byte == ASCII.quote:
            return .quoted(openedOnLine: cursor.line)
        case .start, .unquoted:
            if byte == ASCII.quote { throw failure(.quoteInUnquotedField, record) }
            if byte == ASCII.comma {
                try beginNextField(&record, maximumFields: maximumFields)
                return .start
            }
            try append(byte, record)
            return .unquoted
        case .quoted(let openedOnLine):
            if byte == ASCII.quote { return .quoteInQuoted(openedOnLine: openedOnLine) }
            try append(byte, record)
            return state
        case .quoteInQuoted(let openedOnLine):
            if byte == ASCII.quote {
                try append(byte, record)
                return .quoted(openedOnLine: openedOnLine)
            }
            guard byte == ASCII.comma else { throw failure(.bytesAfterClosingQuote, record) }
            try beginNextField(&record, maximumFields: maximumFields)
            return .start
        }
    }

    /// The file ends: the last record ends with it, unless a quote is still open.
    private mutating func endOfFile(in state: FieldState, record: inout Record) throws(CSVReadError) -> Record? {
        if case .quoted(let openedOnLine) = state {
            throw failure(.unterminatedQuote, line: openedOnLine, record)
        }
        if state == .start && record.fields.isEmpty { return nil }
        try finishField(&record)
        return record
    }

    /// Whether `byte`, just taken outside quotes, ends the line: an LF, or a CR whose LF is then taken with it.
    private mutating func endsLine(_ byte: UInt8) -> Bool {
        if byte == ASCII.lineFeed { return true }
        guard byte == ASCII.carriageReturn, cursor.peek() == ASCII.lineFeed else { return false }
        _ = cursor.take()
        return true
    }

    private mutating func append(_ byte: UInt8, _ record: Record) throws(CSVReadError) {
        guard content.count < limits.maximumFieldBytes else {
            throw failure(.fieldTooLong(limit: limits.maximumFieldBytes), record)
        }
        guard validator.accept(byte) else { throw failure(.invalidUTF8, record) }
        content.append(byte)
    }

    private mutating func finishField(_ record: inout Record) throws(CSVReadError) {
        // A sequence cut short by the field's end: every byte that ends a field is on the same line as the one
        // before it, so the current line is the sequence's.
        guard validator.isAtCharacterBoundary else { throw failure(.invalidUTF8, record) }
        record.fields.append(String(decoding: content, as: UTF8.self))
        resetField()
    }

    private mutating func resetField() {
        content.removeAll(keepingCapacity: true)
        validator.reset()
    }

    /// At a comma: the field read so far ends and the next one begins, on the comma's line.
    private mutating func beginNextField(_ record: inout Record, maximumFields: Int?) throws(CSVReadError) {
        try finishField(&record)
        if let maximumFields, record.fields.count >= maximumFields {
            throw failure(.moreFieldsThanHeader(headerColumns: maximumFields), record)
        }
        record.fieldLines.append(cursor.line)
    }

    /// The problem at the current line (or `line`), in the field being read.
    private func failure(_ problem: CSVProblem, line: Int? = nil, _ record: Record) -> CSVReadError {
        CSVReadError(fileName: fileName, line: line ?? cursor.line, column: record.fields.count + 1, problem: problem)
    }
}
