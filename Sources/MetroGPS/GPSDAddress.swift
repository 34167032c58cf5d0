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
}
