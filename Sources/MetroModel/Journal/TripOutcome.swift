/// How a trip ended (model §8).
public enum TripOutcome: String, Sendable, Codable, CaseIterable {
    /// The rider confirmed getting off ("I'm off"): the only moment the true arrival is known.
    case arrived
    /// Abandoned by the rider (cancel).
    case stopped
    /// Nobody confirmed before expiry (arrival + 600 s).
    case expired
}
