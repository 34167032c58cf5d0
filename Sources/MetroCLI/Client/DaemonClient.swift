#if canImport(Glibc)
import Glibc
#endif
import MetroControl
import MetroModel
import MetroSystem

/// A connection to `metrotimerd`'s control socket: one JSON request line out, one reply line back (or a stream of
/// status events for `watch`).
final class DaemonClient {
    /// The default socket (systemd's RuntimeDirectory=metrotimer).
    static let defaultSocket = "/run/metrotimer/control.sock"

    let path: String
    /// The language the daemon should word its refusals in (the command's `--lang`, else the locale's).
    var language: Language?
    private var connection: UnixConnection
    private var buffer = LineBuffer(maximumLineLength: 1 << 22)
    private var pending: [String] = []

    /// The socket path: `--socket`, else `$METROTIMER_SOCKET`, else the default.
    static func socketPath(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let env = environment["METROTIMER_SOCKET"], !env.isEmpty { return env }
        return defaultSocket
    }

    /// Connects to the socket named by a command's `--socket`, `$METROTIMER_SOCKET` or the default.
    static func connect(_ args: ParsedArguments, _ context: CommandContext) throws(CLIError) -> DaemonClient {
        let language = try args.language(context)
        if args.values["--socket"] == "" { throw .usage(Phrase(uk: "--socket потребує ШЛЯХ", en: "--socket needs a PATH")(language)) }
        let client = try DaemonClient(path: socketPath(option: args.values["--socket"], environment: context.environment),
                                      language: language)
        if let text = context.environment["METROTIMER_REPLY_TIMEOUT_MS"], let ms = Int32(text), ms > 0 {
            client.replyTimeoutMilliseconds = ms
        }
        return client
    }

    /// Connects, or throws ONE clear line when the daemon is not running or the socket is not ours to use.
    init(path: String, language: Language = .en) throws(CLIError) {
        self.path = path
        self.language = language
        connection = try DaemonClient.open(path, language)
    }

    /// A new connection to the socket at `path`, or ONE clear line saying why there is none.
    private static func open(_ path: String, _ L: Language) throws(CLIError) -> UnixConnection {
        do {
            return try UnixConnection.connect(path: path)
        } catch let error as SystemError {
            // Linux refuses a connection to a file that is not a socket: a wrong path, not a stopped daemon.
            if error.errno.rawValue == ECONNREFUSED, let kind = DaemonClient.kind(of: path) {
                throw CLIError(Phrase(uk: "\(path) — не сокет (це \(kind.uk)): чи правильні --socket або $METROTIMER_SOCKET? "
                                         + "(сокет служби — <runtime_directory>/control.sock)",
                                      en: "\(path) is not a socket (it is \(kind.en)): "
                                         + "is --socket or $METROTIMER_SOCKET right? (the daemon's is <runtime_directory>/control.sock)")(L),
                    exitCode: CLIError.unavailableCode)
            }
            switch error.errno.rawValue {
            case ENOENT, ECONNREFUSED:
                throw CLIError(Phrase(uk: "metrotimerd не запущено (на \(path) ніхто не слухає)",
                                      en: "metrotimerd is not running (no daemon listening on \(path))")(L), exitCode: CLIError.unavailableCode)
            case EACCES, EPERM:
                throw CLIError(Phrase(uk: "немає доступу до \(path): додайте себе до групи керування (зазвичай 'metrotimer')",
                                      en: "permission denied on \(path): join the control group (usually 'metrotimer')")(L),
                               exitCode: CLIError.unavailableCode)
            default:
                throw CLIError(Phrase(uk: "не вдається звʼязатися з metrotimerd на \(path): \(error)",
                                  en: "cannot reach metrotimerd at \(path): \(error)")(L), exitCode: CLIError.unavailableCode)
            }
        } catch {
            throw CLIError(Phrase(uk: "не вдається звʼязатися з metrotimerd на \(path): \(error)",
                                  en: "cannot reach metrotimerd at \(path): \(error)")(L), exitCode: CLIError.unavailableCode)
        }
    }

    /// What `path` is when it exists but is not a socket ("a regular file", "a directory", ...); nil for a socket or
    /// nothing at all.
    static func kind(of path: String) -> Phrase? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK: return nil
        case S_IFREG: return Phrase(uk: "звичайний файл", en: "a regular file")
        case S_IFDIR: return Phrase(uk: "каталог", en: "a directory")
        default: return Phrase(uk: "не файл сокета", en: "not a socket file")
        }
    }

    deinit { try? connection.close() }

    /// The pauses before a request answered `busy` is sent again, each time on a new connection. The daemon
    /// answers `busy` only without having read the request (its connection caps were reached, or it had no file
    /// descriptor left: docs/control-protocol.md), so sending it again cannot do anything twice; while a hostile
    /// peer of the same user churns connections, the rider's command may be the oldest idle one for a moment.
    static let busyRetryPauses: [useconds_t] = [50_000, 100_000, 200_000]

    /// Sends one request and returns the parsed reply object; an `{"ok": false}` reply becomes a CLIError with the
    /// daemon's message. A `busy` refusal is retried on a new connection after each of `busyRetryPauses`.
    func request(_ request: ControlRequest) throws(CLIError) -> JSONValue {
        let line = request.line(language: language)
        // The daemon would refuse the line unread (`too_long`) and close; say so here, in the rider's language,
        // without sending it (and without echoing the argument back).
        let bytes = line.utf8.count
        guard bytes <= ControlRequest.maximumLineLength else {
            let limit = ControlRequest.maximumLineLength
            throw .usage(Phrase(uk: "аргумент задовгий: запит мав би \(bytes) " + Plural.ukrainian(bytes, one: "байт", few: "байти", many: "байтів")
                                    + ", а служба приймає до \(limit); нічого не надіслано",
                                en: "an argument is too long: the request would be \(bytes) bytes, the daemon takes at most \(limit); "
                                    + "nothing was sent")(language ?? .en))
        }
        var reply = try exchange(line)
        var head = ControlReplyHead(reply)
        for pause in DaemonClient.busyRetryPauses where head.code == ReplyCode.busy.rawValue {
            usleep(pause)
            try? connection.close()
            connection = try DaemonClient.open(path, language ?? .en)
            buffer = LineBuffer(maximumLineLength: 1 << 22)
            pending = []
            reply = try exchange(line)
            head = ControlReplyHead(reply)
        }
        if head.isRefusal {
            throw CLIError(head.error ?? Phrase(uk: "служба відхилила запит", en: "the daemon refused the request")(language ?? .en),
                           exitCode: ReplyCode.exitStatus(forCode: head.code))
        }
        return reply
    }

    /// Sends one request line on the current connection and returns the reply line, or the refusal the daemon
    /// sent before it closed.
    private func exchange(_ line: String) throws(CLIError) -> JSONValue {
        let reply: JSONValue
        do {
            try connection.writeAll(Array((line + "\n").utf8))
            // A watcher may be pushed events before the reply: keep them, in order, for nextMessage.
            var message = try readMessage(timeoutMilliseconds: replyTimeoutMilliseconds)
            while ControlReplyHead(message).isEvent {
                events.append(message)
                message = try readMessage(timeoutMilliseconds: replyTimeoutMilliseconds)
            }
            reply = message
        } catch let error as CLIError {
            throw error
        } catch {
            // The daemon may have refused this peer and closed before the request went out: its reply is
            // still waiting to be read and says why (e.g. permission denied).
            guard let refusal = try? nextMessage(timeoutMilliseconds: replyTimeoutMilliseconds), ControlReplyHead(refusal).isRefusal else {
                throw CLIError(Phrase(uk: "втрачено зʼєднання з metrotimerd: \(error)",
                                      en: "lost the connection to metrotimerd: \(error)")(language ?? .en), exitCode: CLIError.unavailableCode)
            }
            reply = refusal
        }
        return reply
    }

    /// How long a request waits for its reply: the daemon answers in milliseconds, so a silence this long means
    /// it is stuck, and the rider should hear so rather than wait forever.
    /// (`$METROTIMER_REPLY_TIMEOUT_MS` overrides it.)
    var replyTimeoutMilliseconds: Int32 = 10_000

    /// The next JSON line from the daemon; blocks until one arrives, or `timeoutMilliseconds` pass (nil: forever,
    /// as `status --watch` waits for the next change).
    func nextMessage(timeoutMilliseconds: Int32? = nil) throws(CLIError) -> JSONValue {
        if !events.isEmpty { return events.removeFirst() }
        return try readMessage(timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Events (`{"event": …}`) that arrived while a request waited for its reply, oldest first.
    private var events: [JSONValue] = []

    /// The next JSON line from the socket itself.
    private func readMessage(timeoutMilliseconds: Int32?) throws(CLIError) -> JSONValue {
        while pending.isEmpty {
            if let timeoutMilliseconds {
                var descriptor = pollfd(fd: connection.fd.rawValue, events: Int16(POLLIN), revents: 0)
                var ready: Int32
                repeat { ready = poll(&descriptor, 1, timeoutMilliseconds) } while ready < 0 && errno == EINTR
                if ready == 0 {
                    let wait = timeoutMilliseconds % 1000 == 0 ? "\(timeoutMilliseconds / 1000) s" : "\(timeoutMilliseconds) ms"
                    throw CLIError(Phrase(uk: "metrotimerd на \(path) не відповів за \(wait.replacingUnits())",
                                          en: "metrotimerd at \(path) did not answer within \(wait)")(language ?? .en),
                                   exitCode: CLIError.unavailableCode)
                }
            }
            let bytes: [UInt8]?
            do { bytes = try connection.read(upTo: 65536) } catch {
                throw CLIError(Phrase(uk: "втрачено зʼєднання з metrotimerd: \(error)",
                                      en: "lost the connection to metrotimerd: \(error)")(language ?? .en), exitCode: CLIError.unavailableCode)
            }
            guard let bytes, !bytes.isEmpty else {
                throw CLIError(Phrase(uk: "metrotimerd закрив зʼєднання", en: "metrotimerd closed the connection")(language ?? .en),
                               exitCode: CLIError.unavailableCode)
            }
            for item in buffer.append(bytes) {
                if case .line(let line) = item { pending.append(String(decoding: line, as: UTF8.self)) }
            }
        }
        let line = pending.removeFirst()
        guard let value = JSONValue.parse(line) else {
            throw CLIError(Phrase(uk: "metrotimerd надіслав не JSON", en: "metrotimerd sent something that is not JSON")(language ?? .en),
                           exitCode: 1)
        }
        return value
    }
}

extension String {
    /// "10 s" / "250 ms" with the Ukrainian unit symbols.
    fileprivate func replacingUnits() -> String {
        hasSuffix(" ms") ? String(dropLast(3)) + " мс" : (hasSuffix(" s") ? String(dropLast(2)) + " с" : self)
    }
}
