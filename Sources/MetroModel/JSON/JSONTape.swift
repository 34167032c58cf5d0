/// A JSON text (RFC 8259) read once into a flat list of its values in document order: the "tape" that
/// `JSONTapeDecoder` decodes from.
///
/// The network data file is the one large JSON text metrotimer reads, at every start of the daemon and of each
/// command. Foundation's decoder builds a dictionary of names for every object it decodes, which made most of that
/// start-up; on the tape an object's members are found by comparing their bytes in place. The same single pass
/// also enforces what every JSON reader here must: `JSONNesting.maximumDepth`, and no name given twice in one
/// object.
final class JSONTape {
    /// What kind of JSON value one entry is.
    enum Kind: UInt8 {
        case object, array, string, number, bool, null
    }

    /// One value of the text. An object is followed by its members (each a name, then that name's value, then
    /// the value's own members); an array by its elements.
    struct Value {
        var kind: Kind
        /// Strings: the first byte after the opening quote; other values: their first byte.
        var start: Int
        /// Strings: the closing quote; numbers and literals: one past their last byte; containers: unused.
        var end: Int
        /// Containers: how many members or elements; strings: `Flags`; numbers: 1 when written with a
        /// fraction or an exponent.
        var count: Int
        /// The index of the first entry after this value and everything inside it.
        var next: Int
    }

    /// Bits of a string's `count`: what a reader must do beyond taking its bytes.
    enum Flags {
        /// The string holds a backslash escape, so its bytes are not its text.
        static let escaped = 1
        /// The string holds bytes beyond ASCII, so equal text may be differently encoded bytes (NFC and NFD).
        static let beyondASCII = 2
    }

    /// Why a text was refused.
    enum Failure: Error, Equatable {
        /// The text is not JSON: what was found at byte `offset` (none: the text ended) cannot come there.
        case syntax(offset: Int)
        /// Arrays and objects nest deeper than `JSONNesting.maximumDepth`.
        case tooDeep
        /// One object gives this name twice: a decoder would keep one value and silently drop the other.
        case repeatedName(String)
    }

    let bytes: [UInt8]
    private(set) var values: [Value] = []

    /// Reads `bytes`; throws the first reason the text is refused.
    init(_ bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        var reader = Reader(bytes: bytes)
        // A byte order mark, as some editors write at the start of a UTF-8 file, is no part of the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.values.reserveCapacity(bytes.count / 8)
        try reader.readValue()
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw .syntax(offset: reader.index) }
        values = reader.values
    }

    /// The text of the string at `index`, its escapes decoded.
    func string(at index: Int) -> String {
        decodedString(of: values[index], in: bytes)
    }

    /// Whether the string at `index` is `name`.
    func string(at index: Int, is name: String) -> Bool {
        let value = values[index]
        guard value.count == 0 else { return string(at: index) == name }
        var name = name
        return name.withUTF8 { utf8 in
            guard utf8.count == value.end - value.start else { return false }
            var offset = 0
            for byte in utf8 {
                if bytes[value.start + offset] != byte { return false }
                offset += 1
            }
            return true
        }
    }

    /// The number at `index` as written.
    func numberText(at index: Int) -> String {
        String(decoding: bytes[values[index].start..<values[index].end], as: UTF8.self)
    }

    /// Where byte `offset` of `bytes` is, counted as an editor does: line and column from 1, a column per character.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return (line, column)
    }
}

/// The text of the string `value` of `bytes` (already checked by the reader), its escapes decoded.
private func decodedString(of value: JSONTape.Value, in bytes: [UInt8]) -> String {
    guard value.count & JSONTape.Flags.escaped != 0 else {
        return String(decoding: bytes[value.start..<value.end], as: UTF8.self)
    }
    func unit(at index: Int) -> UInt32 {
        bytes[index..<index + 4].reduce(0) { $0 << 4 | UInt32(hexDigit($1) ?? 0) }
    }
    var scalars = String.UnicodeScalarView()
    var cursor = value.start
    while cursor < value.end {
        guard bytes[cursor] == UInt8(ascii: "\\") else {
            let runStart = cursor
            while cursor < value.end && bytes[cursor] != UInt8(ascii: "\\") { cursor += 1 }
            scalars.append(contentsOf: String(decoding: bytes[runStart..<cursor], as: UTF8.self).unicodeScalars)
            continue
        }
        let escape = bytes[cursor + 1]
        cursor += 2
        switch escape {
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
            var scalar = unit(at: cursor)
            cursor += 4
            // The reader let a high surrogate through only when a low one follows it.
            if (0xD800...0xDBFF).contains(scalar) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (unit(at: cursor + 2) - 0xDC00)
                cursor += 6
            }
            scalars.append(Unicode.Scalar(scalar) ?? "\u{FFFD}")
        default: scalars.append(Unicode.Scalar(escape))  // \" \\ \/
        }
    }
    return String(scalars)
}

/// The value of one hexadecimal digit, nil for any other byte.
private func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// The one pass over the text: a recursive descent bounded by `JSONNesting.maximumDepth`, so a hostile text cannot
/// exhaust the stack.
private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    var values: [JSONTape.Value] = []
    /// The entries of the names of the objects being read, innermost object's last: checked for a repeat when
    /// its object ends.
    var names: [Int] = []

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func readValue() throws(JSONTape.Failure) {
        skipWhitespace()
        guard index < bytes.count else { throw .syntax(offset: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): try readObject()
        case UInt8(ascii: "["): try readArray()
        case UInt8(ascii: "\""): try readString()
        case UInt8(ascii: "t"): try readLiteral("true", as: .bool)
        case UInt8(ascii: "f"): try readLiteral("false", as: .bool)
        case UInt8(ascii: "n"): try readLiteral("null", as: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try readNumber()
        default: throw .syntax(offset: index)
        }
    }

    /// Opens a container at `index`; returns its entry.
    private mutating func open(_ kind: JSONTape.Kind) throws(JSONTape.Failure) -> Int {
        depth += 1
        guard depth <= JSONNesting.maximumDepth else { throw .tooDeep }
        values.append(JSONTape.Value(kind: kind, start: index, end: 0, count: 0, next: 0))
        index += 1
        skipWhitespace()
        return values.count - 1
    }

    private mutating func close(_ entry: Int, count: Int) {
        values[entry].count = count
        values[entry].next = values.count
        depth -= 1
    }

    /// After a member or an element: true when another follows, false when `closing` ends the container.
    private mutating func continues(until closing: UInt8) throws(JSONTape.Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw .syntax(offset: index) }
        switch bytes[index] {
        case UInt8(ascii: ","): index += 1; return true
        case closing: index += 1; return false
        default: throw .syntax(offset: index)
        }
    }

    mutating func readObject() throws(JSONTape.Failure) {
        let entry = try open(.object)
        let firstName = names.count
        var members = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            repeat {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .syntax(offset: index) }
                names.append(values.count)
                try readString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw .syntax(offset: index) }
                index += 1
                try readValue()
                members += 1
            } while try continues(until: UInt8(ascii: "}"))
        }
        try checkNamesDiffer(from: firstName)
        names.removeSubrange(firstName...)
        close(entry, count: members)
    }

    mutating func readArray() throws(JSONTape.Failure) {
        let entry = try open(.array)
        var elements = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            repeat {
                try readValue()
                elements += 1
            } while try continues(until: UInt8(ascii: "]"))
        }
        close(entry, count: elements)
    }

    mutating func readString() throws(JSONTape.Failure) {
        let start = index + 1
        index = start
        var flags = 0
        while true {
            guard index < bytes.count else { throw .syntax(offset: index) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw .syntax(offset: index) }
            if byte >= 0x80 { flags |= JSONTape.Flags.beyondASCII }
            if byte == UInt8(ascii: "\\") {
                flags |= JSONTape.Flags.escaped
                try readEscape()
            } else {
                index += 1
            }
        }
        // Text beyond ASCII must be UTF-8: the decoder would otherwise hand on replacement characters.
        if flags & JSONTape.Flags.beyondASCII != 0,
           String(validating: bytes[start..<index], as: UTF8.self) == nil {
            throw .syntax(offset: start)
        }
        values.append(JSONTape.Value(kind: .string, start: start, end: index, count: flags, next: values.count + 1))
        index += 1
    }

    /// One backslash escape at `index`; a `\u` surrogate must come in a pair, high then low.
    private mutating func readEscape() throws(JSONTape.Failure) {
        guard index + 1 < bytes.count else { throw .syntax(offset: index + 1) }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: index + 2)
            index += 6
            if (0xDC00...0xDFFF).contains(unit) { throw .syntax(offset: index - 6) }
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                      (0xDC00...0xDFFF).contains(try hexUnit(at: index + 2))
                else { throw .syntax(offset: index) }
                index += 6
            }
        default:
            throw .syntax(offset: index + 1)
        }
    }

    private func hexUnit(at start: Int) throws(JSONTape.Failure) -> UInt32 {
        var unit: UInt32 = 0
        for offset in start..<start + 4 {
            guard offset < bytes.count, let digit = hexDigit(bytes[offset]) else { throw .syntax(offset: offset) }
            unit = unit << 4 | UInt32(digit)
        }
        return unit
    }

    mutating func readNumber() throws(JSONTape.Failure) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw .syntax(offset: index) }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        var written = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            written = 1
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw .syntax(offset: index) }
            skipDigits()
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            written = 1
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw .syntax(offset: index) }
            skipDigits()
        }
        values.append(JSONTape.Value(kind: .number, start: start, end: index, count: written, next: values.count + 1))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }

    mutating func readLiteral(_ word: StaticString, as kind: JSONTape.Kind) throws(JSONTape.Failure) {
        let start = index
        for offset in 0..<word.utf8CodeUnitCount {
            guard index < bytes.count, bytes[index] == word.utf8Start[offset] else { throw .syntax(offset: index) }
            index += 1
        }
        values.append(JSONTape.Value(kind: kind, start: start, end: index, count: 0, next: values.count + 1))
    }

    /// Refuses an object whose names from `names[first...]` repeat one. Few names are compared pairwise in place;
    /// many through a set, so a hostile object of a million names costs no more than reading it.
    private func checkNamesDiffer(from first: Int) throws(JSONTape.Failure) {
        let count = names.count - first
        guard count > 1 else { return }
        let tape = NameView(bytes: bytes, values: values)
        if count <= 16 {
            for later in first + 1..<names.count {
                for earlier in first..<later where tape.sameName(names[earlier], names[later]) {
                    throw .repeatedName(tape.text(names[later]))
                }
            }
            return
        }
        var seen = Set<String>(minimumCapacity: count)
        for entry in names[first...] where !seen.insert(tape.text(entry)).inserted {
            throw .repeatedName(tape.text(entry))
        }
    }
}

/// Names compared while the tape is still being read: bytes where both are plain ASCII, text otherwise (so
/// `"a"` and `"\u0061"`, or an NFC and an NFD spelling, are the same name, as they are to a Swift dictionary).
private struct NameView {
    let bytes: [UInt8]
    let values: [JSONTape.Value]

    func sameName(_ first: Int, _ second: Int) -> Bool {
        let one = values[first], other = values[second]
        if one.count == 0 && other.count == 0 {
            return one.end - one.start == other.end - other.start
                && bytes[one.start..<one.end].elementsEqual(bytes[other.start..<other.end])
        }
        return text(first) == text(second)
    }

    func text(_ entry: Int) -> String {
        decodedString(of: values[entry], in: bytes)
    }
}

extension JSONTape.Failure {
    /// The refusal in both languages; a text that is not JSON is named by line and column of `bytes`.
    func phrase(in bytes: [UInt8]) -> Phrase {
        switch self {
        case .syntax(let offset):
            let (line, column) = JSONTape.position(of: offset, in: bytes)
            let found = offset < bytes.count ? "" : " (the text ends there)"
            let foundUK = offset < bytes.count ? "" : " (там текст закінчується)"
            return Phrase(uk: "не коректний JSON: рядок \(line), позиція \(column)\(foundUK)",
                          en: "not valid JSON at line \(line), column \(column)\(found)")
        case .tooDeep:
            return JSONNesting.tooDeep
        case .repeatedName(let name):
            return Phrase(uk: "поле '\(name.prefix(40))' задано двічі в одному обʼєкті",
                          en: "field '\(name.prefix(40))' is given twice in one object")
        }
    }
}
