/// Lets a line a peer can make the daemon repeat (a connection closed to make room, over and over) into the log at
/// most once per window; the ones held back are counted, and the next line that goes through says how many.
/// Nothing is written for a held-back line, so churning connections cannot make the log grow faster than one line
/// per window.
struct LogWindow {
    /// The shortest time between two lines, nanoseconds of boot time.
    let lengthNanoseconds: Int64
    /// When the last line went through; nil before the first.
    private var lastWritten: Int64?
    /// Lines held back since the last one went through.
    private(set) var heldBack = 0

    init(lengthNanoseconds: Int64) {
        self.lengthNanoseconds = lengthNanoseconds
    }

    /// Whether a line may be written at `now` (boot time). If so, returns how many were held back before it (and
    /// starts a new window); otherwise counts this one as held back and returns nil.
    mutating func admit(now: Int64) -> Int? {
        if let lastWritten, now &- lastWritten < lengthNanoseconds {
            heldBack += 1
            return nil
        }
        lastWritten = now
        defer { heldBack = 0 }
        return heldBack
    }
}
