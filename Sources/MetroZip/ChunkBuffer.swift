/// The bytes of a stream read a chunk at a time: what a zip member's byte iterator and a feed file's share. The
/// caller's `refill` reads the next chunk, or returns nil at the end (or at an error, which it records itself).
public struct ChunkBuffer: Sendable {
    private var chunk: [UInt8] = []
    private var position = 0

    public init() {}

    /// The next byte, refilling from `refill` when the chunk is used up; nil once `refill` returns nil or empty.
    public mutating func next(refill: () -> [UInt8]?) -> UInt8? {
        if position == chunk.count {
            guard let more = refill(), !more.isEmpty else {
                chunk = []
                position = 0
                return nil
            }
            chunk = more
            position = 0
        }
        defer { position += 1 }
        return chunk[position]
    }
}
