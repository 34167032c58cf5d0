/// Where each enabled channel lies in one scan of an IIO buffer, as the kernel lays them out: in order of their
/// `_index`, each value aligned to its own size, the whole scan padded to its largest value's alignment.
public struct ScanLayout: Equatable, Sendable {
    /// One enabled channel: its sysfs name (`in_accel_x`), its `_index`, its storage, and its byte offset.
    public struct Channel: Equatable, Sendable {
        public var name: String
        public var index: Int
        public var type: ScanType
        public var offset: Int
    }

    /// The channels in scan order.
    public let channels: [Channel]
    /// Bytes per scan.
    public let scanBytes: Int

    /// Lays out `channels` (name, index, type), in any order; nil when two share an index.
    public init?(_ enabled: [(name: String, index: Int, type: ScanType)]) {
        let sorted = enabled.sorted { $0.index < $1.index }
        guard Set(sorted.map(\.index)).count == sorted.count else { return nil }
        var offset = 0, largest = 1
        var channels: [Channel] = []
        for channel in sorted {
            let size = channel.type.storageBytes
            offset = (offset + size - 1) / size * size
            channels.append(Channel(name: channel.name, index: channel.index, type: channel.type, offset: offset))
            offset += size * channel.type.repeatCount
            largest = max(largest, size)
        }
        self.channels = channels
        scanBytes = (offset + largest - 1) / largest * largest
    }

    /// The channel called `name`, if enabled.
    public func channel(_ name: String) -> Channel? { channels.first { $0.name == name } }

    /// The first value of `channel` in the scan starting at `start` of `bytes` (which holds a whole scan there).
    public func value(_ channel: Channel, in bytes: [UInt8], scanAt start: Int) -> Int64 {
        let from = start + channel.offset
        return channel.type.value(of: bytes[from..<from + channel.type.storageBytes])
    }
}
