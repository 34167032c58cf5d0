/// Checks UTF-8 one byte at a time (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF), so the
/// reader can name the line of the first bad byte as it reads instead of going over the field again.
struct UTF8Validator {
    /// How many continuation bytes the sequence under way still needs; 0 between characters.
    private var continuationsLeft = 0
    /// The range the next continuation byte must fall in: only the second byte of a sequence is narrower than
    /// 0x80...0xBF, which is how overlong forms, surrogates and values past U+10FFFF are refused.
    private var nextContinuation: ClosedRange<UInt8> = 0x80...0xBF

    /// True between characters: no sequence begun and left unfinished.
    var isAtCharacterBoundary: Bool { continuationsLeft == 0 }

    /// Takes the next byte; false when it cannot be part of well-formed UTF-8 after the bytes before it.
    mutating func accept(_ byte: UInt8) -> Bool {
        if continuationsLeft > 0 {
            guard nextContinuation.contains(byte) else { return false }
            continuationsLeft -= 1
            nextContinuation = 0x80...0xBF
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: expect(1, second: 0x80...0xBF)
        case 0xE0: expect(2, second: 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: expect(2, second: 0x80...0xBF)
        case 0xED: expect(2, second: 0x80...0x9F)
        case 0xF0: expect(3, second: 0x90...0xBF)
        case 0xF1...0xF3: expect(3, second: 0x80...0xBF)
        case 0xF4: expect(3, second: 0x80...0x8F)
        default: return false
        }
        return true
    }

    /// Forgets a sequence under way, for the next field.
    mutating func reset() {
        continuationsLeft = 0
        nextContinuation = 0x80...0xBF
    }

    private mutating func expect(_ continuations: Int, second: ClosedRange<UInt8>) {
        continuationsLeft = continuations
        nextContinuation = second
    }
}
