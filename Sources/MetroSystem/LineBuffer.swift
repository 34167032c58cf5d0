/// Splits a byte stream into newline-terminated lines, holding at most `maximumLineLength` bytes of an
/// unfinished line.
///
/// A line longer than the cap is reported once as `.oversized` and the rest of it is discarded up to its
/// newline, so a client that never sends a newline cannot make the daemon buffer without bound.
public struct LineBuffer: Sendable {
    /// One result of feeding bytes.
    public enum Item: Equatable, Sendable {
        /// A complete line, without its `\n` (and without a `\r` before it).
        case line([UInt8])
        /// A line exceeded the cap; its bytes were dropped.
        case oversized
    }

    /// The longest line accepted, in bytes, not counting the newline.
    public let maximumLineLength: Int
    private var pending: [UInt8] = []
    private var discarding = false

    /// A buffer accepting lines of at most `maximumLineLength` bytes.
    public init(maximumLineLength: Int) {
        precondition(maximumLineLength > 0, "a line cap must be positive")
        self.maximumLineLength = maximumLineLength
    }

    /// Bytes of an unfinished line being held.
    public var pendingByteCount: Int { pending.count }

    /// Feeds `bytes` and returns the lines (and oversize reports) they complete, in order.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [Item] {
        var items: [Item] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if discarding {
                    discarding = false
                } else {
                    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                    items.append(.line(pending))
                }
                pending.removeAll(keepingCapacity: true)
            } else if !discarding {
                pending.append(byte)
                // One byte of slack for a "\r" before the newline.
                if pending.count > maximumLineLength + 1 || (pending.count > maximumLineLength && byte != UInt8(ascii: "\r")) {
                    items.append(.oversized)
                    pending.removeAll(keepingCapacity: false)
                    discarding = true
                }
            }
        }
        return items
    }
}

extension LineBuffer.Item {
    /// The line as text (invalid UTF-8 replaced), nil for `.oversized`.
    public var text: String? {
        if case .line(let bytes) = self { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }
}
