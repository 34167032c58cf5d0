/// Bytes waiting to go out on a nonblocking connection.
///
/// `flush` sends what the socket takes now; the rest waits until the event loop reports the socket
/// writable. `maximumByteCount` bounds it, so a client that stops reading cannot grow it forever.
public struct OutgoingBuffer: Sendable {
    /// The most bytes it will hold.
    public let maximumByteCount: Int
    private var bytes: [UInt8] = []
    private var sentPrefix = 0

    /// A buffer holding at most `maximumByteCount` bytes.
    public init(maximumByteCount: Int = 1 << 20) {
        self.maximumByteCount = maximumByteCount
    }

    /// Whether anything is still waiting to be sent.
    public var hasPendingBytes: Bool { sentPrefix < bytes.count }

    /// How many bytes are waiting.
    public var pendingByteCount: Int { bytes.count - sentPrefix }

    /// Queues `data`; false (and nothing queued) when it would exceed the bound.
    public mutating func enqueue(_ data: some Collection<UInt8>) -> Bool {
        guard pendingByteCount + data.count <= maximumByteCount else { return false }
        bytes.append(contentsOf: data)
        return true
    }

    /// Sends as much as `connection` takes now; true when everything went.
    public mutating func flush(to connection: UnixConnection) throws -> Bool {
        while hasPendingBytes {
            let sent = try connection.sendAvailable(bytes[sentPrefix...])
            if sent == 0 { break }
            sentPrefix += sent
        }
        if !hasPendingBytes {
            bytes.removeAll(keepingCapacity: true)
            sentPrefix = 0
            return true
        }
        return false
    }
}
