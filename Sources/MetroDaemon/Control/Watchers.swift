/// The control connections that asked to watch, as the parts that push lines see them: the status hub pushes each
/// changed status and the device each decided gesture, while the control server adds a connection when it starts
/// watching and removes it when it closes. Made before both sides, so neither holds the other.
final class Watchers {
    private var senders: [ObjectIdentifier: (String) -> Void] = [:]

    /// How many connections watch.
    var count: Int { senders.count }

    /// Adds a watching connection; `send` writes one line to it (and may close it, if it does not read).
    func add(_ connection: ObjectIdentifier, send: @escaping (String) -> Void) { senders[connection] = send }

    /// Forgets a connection (closed, or dropped for not reading).
    func remove(_ connection: ObjectIdentifier) { senders[connection] = nil }

    /// Sends `line` to every watching connection. A connection closed by an earlier send in the same broadcast is
    /// skipped: the set is read again before each send.
    func broadcast(_ line: String) {
        for connection in Array(senders.keys) { senders[connection]?(line) }
    }
}
