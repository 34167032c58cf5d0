import MetroModel

/// `{"suspensions": [{"from", "to"}, …]}`: the stretches the rider suspended, in the order given.
public struct SuspensionsDocument: Codable, Equatable, Sendable {
    public struct Stretch: Codable, Equatable, Sendable {
        public var from: String
        public var to: String
    }
    public var stretches: [Stretch]

    public init(_ stretches: [SuspendedStretch]) {
        self.stretches = stretches.map { Stretch(from: $0.from.rawValue, to: $0.to.rawValue) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(stretches)
    }

    public init(from decoder: any Decoder) throws {
        stretches = try decoder.singleValueContainer().decode([Stretch].self)
    }
}
