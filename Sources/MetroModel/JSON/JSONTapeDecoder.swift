import FoundationEssentials

/// Decodes a `Decodable` value from a JSON text through a `JSONTape`: the network data file's reader.
///
/// It throws what Foundation's `JSONDecoder` throws for the same mistakes (`DecodingError` with the same coding
/// paths: `describe(_:)` words both alike), and `JSONTape.Failure` for a text that is not JSON, nested too deep or
/// giving a name twice in one object. Decoding needs no dictionary per object and no coding path per value:
/// a value's path is worked out from the tape only when an error names it.
enum JSONTapeDecoder {
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        try Value(from: TapeDecoder(tape: try JSONTape(bytes), entry: 0))
    }
}

extension JSONTape {
    /// The coding path from the top of the text to the value at `target`, as the decoder's errors give it.
    func codingPath(to target: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = 0
        while current != target && current < values.count {
            switch values[current].kind {
            case .object:
                // Members are a name and its value; skip those whose value ends before the target.
                var name = current + 1
                while values[name + 1].next <= target { name = values[name + 1].next }
                path.append(TapeKey(stringValue: string(at: name)))
                current = name + 1
            case .array:
                var element = current + 1
                var position = 0
                while values[element].next <= target {
                    element = values[element].next
                    position += 1
                }
                path.append(TapeKey(intValue: position))
                current = element
            default:
                return path
            }
        }
        return path
    }

    /// The entry of `name`'s value in the object at `object`, nil when the object has no such member.
    func member(_ name: String, of object: Int) -> Int? {
        var entry = object + 1
        for _ in 0..<values[object].count {
            if string(at: entry, is: name) { return entry + 1 }
            entry = values[entry + 1].next
        }
        return nil
    }

    func context(at entry: Int, _ description: String) -> DecodingError.Context {
        DecodingError.Context(codingPath: codingPath(to: entry), debugDescription: description)
    }

    /// The error for a value of the wrong kind, worded as Foundation's decoder words it.
    func mismatch(_ type: Any.Type, at entry: Int) -> DecodingError {
        if values[entry].kind == .null {
            return .valueNotFound(type, context(at: entry, "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(type, context(at: entry, "Expected to decode \(type) but found \(values[entry].kind.withArticle) instead."))
    }

    func bool(at entry: Int) throws -> Bool {
        guard values[entry].kind == .bool else { throw mismatch(Bool.self, at: entry) }
        return bytes[values[entry].start] == UInt8(ascii: "t")
    }

    func text(at entry: Int) throws -> String {
        guard values[entry].kind == .string else { throw mismatch(String.self, at: entry) }
        return string(at: entry)
    }

    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, at entry: Int) throws -> Integer {
        let value = values[entry]
        guard value.kind == .number else { throw mismatch(type, at: entry) }
        if value.count == 0 {
            // Digits only: accumulated toward the sign, so the most negative value fits too.
            let negative = bytes[value.start] == UInt8(ascii: "-")
            var result: Integer = 0
            var fits = true
            for byte in bytes[(negative ? value.start + 1 : value.start)..<value.end] where fits {
                let digit = Integer(byte - UInt8(ascii: "0"))
                let (shifted, over) = result.multipliedReportingOverflow(by: 10)
                let (next, under) = negative ? shifted.subtractingReportingOverflow(digit)
                                             : shifted.addingReportingOverflow(digit)
                fits = !over && !under
                result = next
            }
            if fits { return result }
        } else if let number = Double(numberText(at: entry)), let exact = Integer(exactly: number) {
            return exact  // 1e3 or 20.0: a whole number, as Foundation's decoder takes it
        }
        throw DecodingError.dataCorrupted(context(at: entry, "Parsed JSON number <\(numberText(at: entry))> does not fit in \(type)."))
    }

    func floatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ type: Number.Type, at entry: Int) throws -> Number {
        guard values[entry].kind == .number else { throw mismatch(type, at: entry) }
        guard let number = Number(numberText(at: entry)), number.isFinite else {
            throw DecodingError.dataCorrupted(context(at: entry, "Number \(numberText(at: entry)) is not representable in Swift."))
        }
        return number
    }

    func decode<Value: Decodable>(_ type: Value.Type, at entry: Int) throws -> Value {
        try Value(from: TapeDecoder(tape: self, entry: entry))
    }
}

extension JSONTape.Kind {
    /// The kind as an error message names it: "an object", "a number".
    var withArticle: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a bool"
        case .null: "null"
        }
    }
}

/// A name or an index in a coding path worked out from the tape.
struct TapeKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// The decoder of one value on the tape.
private struct TapeDecoder: Decoder {
    let tape: JSONTape
    let entry: Int
    var codingPath: [any CodingKey] { tape.codingPath(to: entry) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.values[entry].kind == .object else { throw tape.mismatch([String: Any].self, at: entry) }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(tape: tape, object: entry))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.values[entry].kind == .array else { throw tape.mismatch([Any].self, at: entry) }
        return TapeUnkeyedContainer(tape: tape, array: entry)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValueContainer(tape: tape, entry: entry)
    }
}

private struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let tape: JSONTape
    let object: Int
    var codingPath: [any CodingKey] { tape.codingPath(to: object) }

    var allKeys: [Key] {
        var keys: [Key] = []
        var name = object + 1
        for _ in 0..<tape.values[object].count {
            if let key = Key(stringValue: tape.string(at: name)) { keys.append(key) }
            name = tape.values[name + 1].next
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { tape.member(key.stringValue, of: object) != nil }

    private func entry(_ key: Key) throws -> Int {
        guard let entry = tape.member(key.stringValue, of: object) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return entry
    }

    func decodeNil(forKey key: Key) throws -> Bool { tape.values[try entry(key)].kind == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try tape.bool(at: try entry(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try tape.text(at: try entry(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try tape.floatingPoint(type, at: try entry(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try tape.floatingPoint(type, at: try entry(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try tape.integer(type, at: try entry(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try tape.integer(type, at: try entry(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try tape.integer(type, at: try entry(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try tape.integer(type, at: try entry(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try tape.integer(type, at: try entry(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try tape.integer(type, at: try entry(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try tape.integer(type, at: try entry(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try tape.integer(type, at: try entry(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try tape.integer(type, at: try entry(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try tape.integer(type, at: try entry(key)) }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try tape.decode(type, at: try entry(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try TapeDecoder(tape: tape, entry: try entry(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(tape: tape, entry: try entry(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TapeDecoder(tape: tape, entry: tape.member("super", of: object) ?? object)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { TapeDecoder(tape: tape, entry: try entry(key)) }
}

private struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let tape: JSONTape
    let array: Int
    private(set) var currentIndex = 0
    /// The entry of the element at `currentIndex`.
    private var element: Int

    init(tape: JSONTape, array: Int) {
        self.tape = tape
        self.array = array
        self.element = array + 1
    }

    var codingPath: [any CodingKey] { tape.codingPath(to: array) }
    var count: Int? { tape.values[array].count }
    var isAtEnd: Bool { currentIndex >= tape.values[array].count }

    /// The current element's entry, moving past it.
    private mutating func take(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [TapeKey(intValue: currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        let taken = element
        element = tape.values[element].next
        currentIndex += 1
        return taken
    }

    mutating func decodeNil() throws -> Bool {
        if !isAtEnd && tape.values[element].kind != .null { return false }
        _ = try take(Never.self)  // at the end, this throws
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try tape.bool(at: try take(type)) }
    mutating func decode(_ type: String.Type) throws -> String { try tape.text(at: try take(type)) }
    mutating func decode(_ type: Double.Type) throws -> Double { try tape.floatingPoint(type, at: try take(type)) }
    mutating func decode(_ type: Float.Type) throws -> Float { try tape.floatingPoint(type, at: try take(type)) }
    mutating func decode(_ type: Int.Type) throws -> Int { try tape.integer(type, at: try take(type)) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try tape.integer(type, at: try take(type)) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try tape.integer(type, at: try take(type)) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try tape.integer(type, at: try take(type)) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try tape.integer(type, at: try take(type)) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try tape.integer(type, at: try take(type)) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try tape.integer(type, at: try take(type)) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try tape.integer(type, at: try take(type)) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try tape.integer(type, at: try take(type)) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try tape.integer(type, at: try take(type)) }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try tape.decode(type, at: try take(type)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try TapeDecoder(tape: tape, entry: try take([String: Any].self)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(tape: tape, entry: try take([Any].self)).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { TapeDecoder(tape: tape, entry: try take(Any.self)) }
}

private struct TapeSingleValueContainer: SingleValueDecodingContainer {
    let tape: JSONTape
    let entry: Int
    var codingPath: [any CodingKey] { tape.codingPath(to: entry) }

    func decodeNil() -> Bool { tape.values[entry].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try tape.bool(at: entry) }
    func decode(_ type: String.Type) throws -> String { try tape.text(at: entry) }
    func decode(_ type: Double.Type) throws -> Double { try tape.floatingPoint(type, at: entry) }
    func decode(_ type: Float.Type) throws -> Float { try tape.floatingPoint(type, at: entry) }
    func decode(_ type: Int.Type) throws -> Int { try tape.integer(type, at: entry) }
    func decode(_ type: Int8.Type) throws -> Int8 { try tape.integer(type, at: entry) }
    func decode(_ type: Int16.Type) throws -> Int16 { try tape.integer(type, at: entry) }
    func decode(_ type: Int32.Type) throws -> Int32 { try tape.integer(type, at: entry) }
    func decode(_ type: Int64.Type) throws -> Int64 { try tape.integer(type, at: entry) }
    func decode(_ type: UInt.Type) throws -> UInt { try tape.integer(type, at: entry) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try tape.integer(type, at: entry) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try tape.integer(type, at: entry) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try tape.integer(type, at: entry) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try tape.integer(type, at: entry) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try tape.decode(type, at: entry) }
}
