/// A document field that is written as `null` when it has no value, where the synthesized `Encodable` would leave
/// an optional out: clients of the journal and the year read every field, present or not, by name.
///
/// Read back, a missing field and `null` alike are nil.
@propertyWrapper
public struct ExplicitNull<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing `ExplicitNull` field is nil, as a missing optional is.
    public func decode<Value>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value> {
        ExplicitNull(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}
