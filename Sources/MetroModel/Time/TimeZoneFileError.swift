/// Why a compiled tz database file (TZif, RFC 8536) was refused: what was wrong, so a person can tell a damaged
/// file from an unsupported one. A value, so a caller can log it, show it or compare it in a test.
public enum TimeZoneFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not begin with "TZif".
    case badMagic
    /// The version byte is none of NUL, '2', '3', '4'.
    case unknownVersion(UInt8)
    /// The file ends before what its headers announce: `needed` bytes, `available` present.
    case truncated(needed: Int, available: Int)
    /// The second (64-bit) header's magic or version differs from the first's.
    case secondHeaderDiffers
    /// A file with no local time type: nothing says what the clock shows.
    case noLocalTimeTypes
    /// A count of standard/wall or UT/local indicators that is neither 0 nor the number of types.
    case indicatorCountMismatch
    /// A boolean byte (a DST flag or an indicator) that is neither 0 nor 1.
    case badBoolean
    /// Transition `index` (0-based) is not later than the one before it.
    case transitionsNotAscending(index: Int)
    /// Transition `index` names local time type `type`, which the file does not have.
    case typeIndexOutOfRange(index: Int, type: Int)
    /// Local time type `type` has an offset outside −25 h … +26 h (RFC 8536's realistic range).
    case offsetOutOfRange(type: Int, seconds: Int)
    /// Local time type `type` names an abbreviation outside the abbreviation bytes, or one with no NUL end.
    case badAbbreviation(type: Int)
    /// The file has a leap-second table (a "right/" zone): its times count leap seconds, Unix time does not.
    case leapSeconds
    /// A version 2+ file without the newline-enclosed TZ string after its data.
    case missingFooter
    /// The footer's TZ string could not be read.
    case badFooter(PosixTimeZoneRuleError)

    /// The reason in both languages.
    public var phrase: Phrase {
        let file = Phrase(uk: "файл часового поясу: ", en: "time zone file: ")
        let reason = reasonPhrase
        return Phrase(uk: file.uk + reason.uk, en: file.en + reason.en)
    }

    private var reasonPhrase: Phrase {
        switch self {
        case .badMagic:
            return Phrase(uk: "не починається з \"TZif\"", en: "does not begin with \"TZif\"")
        case .unknownVersion(let byte):
            return Phrase(uk: "невідома версія формату (байт \(byte))", en: "unknown format version (byte \(byte))")
        case .truncated(let needed, let available):
            return Phrase(uk: "обрізаний: потрібно \(needed) байтів, є \(available)",
                          en: "truncated: \(needed) bytes needed, \(available) present")
        case .secondHeaderDiffers:
            return Phrase(uk: "другий заголовок не збігається з першим", en: "the second header differs from the first")
        case .noLocalTimeTypes:
            return Phrase(uk: "немає жодного типу місцевого часу", en: "no local time type")
        case .indicatorCountMismatch:
            return Phrase(uk: "кількість індикаторів не 0 і не кількість типів",
                          en: "an indicator count is neither 0 nor the number of types")
        case .badBoolean:
            return Phrase(uk: "логічний байт не 0 і не 1", en: "a boolean byte is neither 0 nor 1")
        case .transitionsNotAscending(let index):
            return Phrase(uk: "перехід \(index) не пізніший за попередній",
                          en: "transition \(index) is not later than the one before it")
        case .typeIndexOutOfRange(let index, let type):
            return Phrase(uk: "перехід \(index) посилається на відсутній тип \(type)",
                          en: "transition \(index) names type \(type), which the file does not have")
        case .offsetOutOfRange(let type, let seconds):
            return Phrase(uk: "тип \(type): зсув \(seconds) с поза межами −25…+26 год",
                          en: "type \(type): offset \(seconds) s outside −25…+26 h")
        case .badAbbreviation(let type):
            return Phrase(uk: "тип \(type): скорочення поза даними або без завершального нуля",
                          en: "type \(type): abbreviation outside the data or without its closing NUL")
        case .leapSeconds:
            return Phrase(uk: "містить таблицю високосних секунд (пояс \"right/\"), а час Unix їх не рахує",
                          en: "has a leap-second table (a \"right/\" zone), which Unix time does not count")
        case .missingFooter:
            return Phrase(uk: "немає рядка TZ після даних", en: "no TZ string after the data")
        case .badFooter(let problem):
            let inner = problem.phrase
            return Phrase(uk: "рядок TZ: " + inner.uk, en: "TZ string: " + inner.en)
        }
    }

    /// The English message, as logged.
    public var description: String { phrase.en }
}

/// Why a POSIX TZ string (`EST5EDT,M3.2.0,M11.1.0`, as in a TZif footer) could not be read. `position` is the
/// 0-based byte where reading stopped, so the message can point into the string.
public struct PosixTimeZoneRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was expected at `position`.
    public enum Problem: Sendable, Equatable {
        /// A zone abbreviation: 3 or more letters, or `<…>` around 3 or more letters, digits, '+' or '-'.
        case badName
        /// An offset `[+-]hh[:mm[:ss]]` with hh at most 24 and minutes and seconds below 60.
        case badOffset
        /// A rule date: `Jn` (1–365), `n` (0–365) or `Mm.w.d` (month 1–12, week 1–5, weekday 0–6).
        case badDate
        /// A rule time `[+-]hh[:mm[:ss]]` with hh at most 167.
        case badTime
        /// A daylight-saving name with no `,start,end` rule: no date says when it applies.
        case missingRule
        /// Something after a complete TZ string.
        case trailingCharacters
    }

    public let problem: Problem
    public let position: Int
    public init(_ problem: Problem, at position: Int) {
        self.problem = problem
        self.position = position
    }

    /// The reason in both languages, with the byte position.
    public var phrase: Phrase {
        let at = Phrase(uk: " (байт \(position))", en: " (byte \(position))")
        let reason: Phrase
        switch problem {
        case .badName:
            reason = Phrase(uk: "очікувалася назва пояса з 3 і більше літер або <…>",
                            en: "expected a zone name of 3 or more letters, or <…>")
        case .badOffset:
            reason = Phrase(uk: "очікувався зсув [+-]гг[:хх[:сс]], гг не більше 24",
                            en: "expected an offset [+-]hh[:mm[:ss]] with hh at most 24")
        case .badDate:
            reason = Phrase(uk: "очікувалася дата Jn, n або Mm.w.d", en: "expected a date Jn, n or Mm.w.d")
        case .badTime:
            reason = Phrase(uk: "очікувався час [+-]гг[:хх[:сс]], гг не більше 167",
                            en: "expected a time [+-]hh[:mm[:ss]] with hh at most 167")
        case .missingRule:
            reason = Phrase(uk: "літній час без правила ,початок,кінець",
                            en: "daylight saving time without a ,start,end rule")
        case .trailingCharacters:
            reason = Phrase(uk: "зайві символи після рядка", en: "characters after the end of the string")
        }
        return Phrase(uk: reason.uk + at.uk, en: reason.en + at.en)
    }

    /// The English message, as logged.
    public var description: String { phrase.en }
}
