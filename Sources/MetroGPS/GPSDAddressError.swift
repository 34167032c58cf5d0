/// Why a gpsd address could not be parsed; the description quotes the offending text.
public enum GPSDAddressError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing was given.
    case empty
    /// The text contains spaces or other white space.
    case whitespace(String)
    /// `[` without a matching `]`.
    case unclosedBracket(String)
    /// Something other than `:port` follows `]`.
    case textAfterBracket(String)
    /// More than one `:` without brackets: an IPv6 address must be written `[addr]:port`.
    case unbracketedIPv6(String)
    /// Nothing before the port.
    case emptyHost(String)
    /// The port is not a number from 1 to 65535.
    case badPort(String, port: String)

    /// A message a person configuring the daemon can act on.
    public var description: String {
        switch self {
        case .empty:
            return "gpsd address is empty (expected host:port, [v6]:port or host)"
        case .whitespace(let text):
            return "gpsd address '\(text)' contains white space"
        case .unclosedBracket(let text):
            return "gpsd address '\(text)' opens '[' but never closes it"
        case .textAfterBracket(let text):
            return "gpsd address '\(text)' has text after ']' that is not ':port'"
        case .unbracketedIPv6(let text):
            return "gpsd address '\(text)' looks like an IPv6 address: write it as [address]:port"
        case .emptyHost(let text):
            return "gpsd address '\(text)' has no host"
        case .badPort(let text, let port):
            return "gpsd address '\(text)': port '\(port)' is not a number from 1 to 65535"
        }
    }

    /// The same message in Ukrainian (the address as written).
    public var ukrainian: String {
        switch self {
        case .empty:
            return "адреса gpsd порожня (очікувано вузол:порт, [v6]:порт чи вузол)"
        case .whitespace(let text):
            return "в адресі gpsd '\(text)' є пробіли"
        case .unclosedBracket(let text):
            return "адреса gpsd '\(text)' відкриває '[', але не закриває"
        case .textAfterBracket(let text):
            return "в адресі gpsd '\(text)' після ']' є текст, що не є ':порт'"
        case .unbracketedIPv6(let text):
            return "адреса gpsd '\(text)' схожа на адресу IPv6: запишіть її як [адреса]:порт"
        case .emptyHost(let text):
            return "в адресі gpsd '\(text)' немає вузла"
        case .badPort(let text, let port):
            return "адреса gpsd '\(text)': порт '\(port)' — не число від 1 до 65535"
        }
    }
}
