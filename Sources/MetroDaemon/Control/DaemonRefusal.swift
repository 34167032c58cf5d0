import MetroControl
import MetroModel

/// Every refusal the daemon itself words on the control socket (the engine's refusals word themselves through
/// `EngineError.message`): a stable `code` for scripts and a text in both languages. The reply reads in the
/// sender's language when its request names one (`"lang"`), else in the daemon's `language`; a refusal sent before
/// any request was read (a refused peer, too many connections, a timeout, an unreadable line) can only use the
/// daemon's. The part of a text that quotes another program (SQLite's message) stays as it is, in «…».
enum DaemonRefusal: Equatable {
    /// `press` on a real board.
    case notSimulated
    /// `press --button 2` with no `button2_line`.
    case noSecondButton
    /// The journal (or the year, or stats) could not be read; the detail is the storage layer's own words.
    case journalUnreadable(String)
    /// A new connection of a user whose connections are all busy.
    case tooManyFromUser(uid: UInt32)
    /// Sent to the connection closed to make room for a newer one.
    case closedOldestIdle(uid: UInt32)
    /// No descriptor left for one more connection.
    case outOfDescriptors
    /// The peer is not allowed to use the socket.
    case permissionDenied(uid: UInt32)
    /// No complete request within the request timeout.
    case requestTimeout(seconds: Int64)
    /// A request line over the limit.
    case tooLong(bytes: Int)
    /// The peer closed before ending its line.
    case notEndedByNewline
    /// A request line that is not UTF-8.
    case notUTF8

    /// The stable word of the reply's `code`.
    var code: ReplyCode {
        switch self {
        case .notSimulated: return .notSimulated
        case .noSecondButton: return .noButton
        case .journalUnreadable: return .storage
        case .notEndedByNewline, .notUTF8: return .badRequest
        case .tooManyFromUser, .closedOldestIdle, .outOfDescriptors: return .busy
        case .permissionDenied: return .permissionDenied
        case .requestTimeout: return .timeout
        case .tooLong: return .tooLong
        }
    }

    /// The text in both languages.
    var text: Phrase {
        switch self {
        case .notSimulated:
            return Phrase(uk: "натискання приймається лише тоді, коли служба працює на симульованій платі (hardware = simulated)",
                          en: "press is only accepted when the daemon runs the simulated board (hardware = simulated)")
        case .noSecondButton:
            return Phrase(uk: "другу кнопку не налаштовано (button2_line)", en: "no second button is configured (button2_line)")
        case .journalUnreadable(let detail):
            return Phrase(uk: "не вдається прочитати журнал: «\(detail)»", en: "cannot read the journal: \(detail)")
        case .tooManyFromUser(let uid):
            return Phrase(uk: "забагато зʼєднань від uid \(uid), і жодне не вільне; спробуйте пізніше",
                          en: "too many connections from uid \(uid) and none of them idle; try again later")
        case .closedOldestIdle(let uid):
            return Phrase(uk: "закрито: забагато зʼєднань від uid \(uid); це було найдавніше вільне",
                          en: "closed: too many connections from uid \(uid); this was the oldest idle one")
        case .outOfDescriptors:
            return Phrase(uk: "забагато зʼєднань: у metrotimerd скінчилися файлові дескриптори; спробуйте пізніше",
                          en: "too many connections: metrotimerd is out of file descriptors; try again later")
        case .permissionDenied(let uid):
            return Phrase(uk: "немає доступу: uid \(uid) не може керувати metrotimerd (додайте його до групи керування)",
                          en: "permission denied: uid \(uid) may not control metrotimerd (join the control group)")
        case .requestTimeout(let seconds):
            return Phrase(uk: "за \(seconds) с не надійшло жодного повного запиту; зʼєднання закрито",
                          en: "no complete request within \(seconds) s; closing the connection")
        case .tooLong(let bytes):
            return Phrase(uk: "запит довший за \(bytes) " + Plural.ukrainian(bytes, one: "байт", few: "байти", many: "байтів"),
                          en: "request longer than \(bytes) bytes")
        case .notEndedByNewline:
            return Phrase(uk: "запит не закінчено символом нового рядка (нічого не зроблено)",
                          en: "request not ended by a newline (nothing was done)")
        case .notUTF8:
            return Phrase(uk: "запит не в кодуванні UTF-8", en: "request is not UTF-8")
        }
    }

    /// The error reply line in `language`.
    func reply(_ language: Language) -> String { ControlReply.error(text(language), code: code) }
}
