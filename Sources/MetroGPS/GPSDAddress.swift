/// Where gpsd listens: a host name or IP address and a TCP port.
///
/// Written as `host:port`, `[v6-address]:port`, or just `host` (port 2947, gpsd's default).
public struct GPSDAddress: Hashable, Sendable, CustomStringConvertible {
    /// gpsd's well-known port.
    public static let defaultPort: UInt16 = 2947

    /// `localhost:2947`, where a system gpsd listens.
    public static let local = GPSDAddress(host: "localhost", port: defaultPort)

    /// Host name, IPv4 address or IPv6 address (without brackets).
    public let host: String
    /// TCP port, never 0.
    public let port: UInt16

    /// An address from its parts, as given.
    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `host:port`, `[v6]:port`, `[v6]` or `host`; the error names what is wrong with `text`.
    public init(parsing text: String) throws(GPSDAddressError) {
        if text.isEmpty { throw .empty }
        if text.contains(where: { $0.isWhitespace }) { throw .whitespace(text) }
        let hostPart: Substring
        let portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw .unclosedBracket(text) }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if rest.isEmpty {
                portPart = nil
            } else if rest.hasPrefix(":") {
                portPart = rest.dropFirst()
            } else {
                throw .textAfterBracket(text)
            }
        } else {
            let colons = text.count(where: { $0 == ":" })
            if colons > 1 { throw .unbracketedIPv6(text) }
            if let colon = text.firstIndex(of: ":") {
                hostPart = text[..<colon]
                portPart = text[text.index(after: colon)...]
            } else {
                hostPart = text[...]
                portPart = nil
            }
        }
        if hostPart.isEmpty { throw .emptyHost(text) }
        var port = Self.defaultPort
        if let portPart {
            guard !portPart.isEmpty, portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = UInt16(portPart), value != 0
            else { throw .badPort(text, port: String(portPart)) }
            port = value
        }
        self.init(host: String(hostPart), port: port)
    }

    /// `host:port`, with brackets around an IPv6 address so that it parses back to the same address.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Whether the address is this machine's loopback: `localhost`, an IPv4 address in 127.0.0.0/8, or IPv6 `::1`
    /// (also written out, or as the IPv4-mapped `::ffff:127.x.y.z`). Decided from the text alone, without
    /// resolving anything. Only `localhost` itself is found in /etc/hosts as written: `localhost.` (the name
    /// fully qualified) or `gps.localhost` would go to a name lookup like any other name, so they are not loopback.
    public var isLoopback: Bool {
        let name = host.lowercased()
        if name == "localhost" { return true }
        if let octets = Self.ipv4(name) { return octets[0] == 127 }
        if let groups = Self.ipv6(name) {
            if groups == [0, 0, 0, 0, 0, 0, 0, 1] { return true }
            return groups[0..<5].allSatisfy { $0 == 0 } && groups[5] == 0xFFFF && groups[6] >> 8 == 127
        }
        return false
    }

    /// The four octets of a dotted-quad IPv4 address, or nil.
    static func ipv4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = UInt8(part) else { return nil }
            octets.append(value)
        }
        return octets
    }

    /// The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted quad), or nil.
    static func ipv6(_ text: String) -> [UInt16]? {
        guard text.contains(":") else { return nil }
        func groups(_ part: Substring) -> [UInt16]? {
            if part.isEmpty { return [] }
            var out: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains("."), let v4 = ipv4(String(piece)) {
                    out.append(UInt16(v4[0]) << 8 | UInt16(v4[1]))
                    out.append(UInt16(v4[2]) << 8 | UInt16(v4[3]))
                    continue
                }
                guard !piece.isEmpty, piece.count <= 4, let value = UInt16(piece, radix: 16) else { return nil }
                out.append(value)
            }
            return out
        }
        // Split once at "::" (at most one may appear).
        var halves: [Substring] = []
        if let range = text.firstRange(of: "::") {
            halves = [text[..<range.lowerBound], text[range.upperBound...]]
            if halves[1].contains("::") { return nil }
        } else {
            halves = [Substring(text)]
        }
        switch halves.count {
        case 1:
            guard let all = groups(Substring(text)), all.count == 8 else { return nil }
            return all
        case 2:
            guard let head = groups(halves[0]), let tail = groups(halves[1]),
                  head.count + tail.count < 8 else { return nil }
            return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        default:
            return nil
        }
    }
}
