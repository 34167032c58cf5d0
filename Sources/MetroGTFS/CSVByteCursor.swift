/// The bytes of one file taken one at a time, with the physical line each byte is on and a few bytes of
/// lookahead: enough to tell a CRLF from a lone CR and to see a byte order mark.
///
/// The line is counted here, in one place, so every error the reader raises names the line the same way: a line
/// ends with its LF (a CRLF's LF too), and a lone CR does not end a line.
struct CSVByteCursor<Bytes: IteratorProtocol> where Bytes.Element == UInt8 {
    private var bytes: Bytes
    private var isExhausted = false
    /// Bytes already pulled from `bytes` by `peek` and not yet taken; never more than three (a byte order mark).
    private var lookahead: [UInt8] = []
    private var lastTakenWasLineFeed = false
    /// The physical line (1-based) of the byte last taken; 1 before the first.
    private(set) var line = 1

    init(_ bytes: Bytes) {
        self.bytes = bytes
        lookahead.reserveCapacity(3)
    }

    /// The next byte, or nil at the end of the file.
    mutating func take() -> UInt8? {
        let byte: UInt8
        if lookahead.isEmpty {
            guard let next = pull() else { return nil }
            byte = next
        } else {
            byte = lookahead.removeFirst()
        }
        if lastTakenWasLineFeed { line += 1 }
        lastTakenWasLineFeed = byte == ASCII.lineFeed
        return byte
    }

    /// The byte `offset` places after the last one taken, without taking it.
    mutating func peek(_ offset: Int = 0) -> UInt8? {
        while lookahead.count <= offset {
            guard let next = pull() else { return nil }
            lookahead.append(next)
        }
        return lookahead[offset]
    }

    /// Drops a UTF-8 byte order mark (EF BB BF) if the bytes not yet taken begin with one. Only the start of a
    /// file may carry one; anywhere else U+FEFF is text.
    mutating func skipByteOrderMark() {
        if peek(0) == 0xEF && peek(1) == 0xBB && peek(2) == 0xBF { lookahead.removeFirst(3) }
    }

    /// An iterator need not keep returning nil after its end, so it is not asked again.
    private mutating func pull() -> UInt8? {
        guard !isExhausted else { return nil }
        guard let next = bytes.next() else {
            isExhausted = true
            return nil
        }
        return next
    }
}
