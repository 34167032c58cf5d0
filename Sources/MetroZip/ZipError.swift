import MetroModel

/// Why a zip archive or one of its members could not be read: the archive, the member where there is one, and
/// what went wrong, in both languages.
public struct ZipError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Sendable, Equatable {
        /// libzip refused the archive or member; its own words (`Not a zip archive`, `CRC error`).
        case library(String)
        /// A member larger than the limit, by its declared size or by the bytes it gave.
        case memberTooLarge(limit: Int)
        /// More members than the limit.
        case tooManyMembers(limit: Int)
        /// A member name that could lead outside a folder (`..`, an absolute path) or holds a NUL.
        case unsafeName
        /// An encrypted member: a feed is public data, and no password could be asked for.
        case encrypted
        /// No member of that name.
        case missingMember
    }

    /// The archive's path as the caller gave it.
    public let archive: String
    /// The member's name, when the problem is one member's.
    public let member: String?
    public let problem: Problem

    public init(archive: String, member: String? = nil, problem: Problem) {
        self.archive = archive
        self.member = member
        self.problem = problem
    }

    /// "feed.zip: stop_times.txt: …" / the same in Ukrainian.
    public var phrase: Phrase {
        let place = member.map { "\(archive): \($0)" } ?? archive
        let reason: Phrase
        switch problem {
        case .library(let text):
            reason = Phrase(uk: "архів не прочитано (libzip: \(text))", en: "cannot read the archive (libzip: \(text))")
        case .memberTooLarge(let limit):
            reason = Phrase(uk: "файл в архіві більший за \(limit >> 20) МіБ", en: "the archived file is larger than \(limit >> 20) MiB")
        case .tooManyMembers(let limit):
            reason = Phrase(uk: "в архіві понад \(limit) файлів", en: "the archive holds more than \(limit) files")
        case .unsafeName:
            reason = Phrase(uk: "ім'я файлу в архіві веде за межі теки (.., абсолютний шлях) або містить NUL",
                            en: "an archived file's name leads outside its folder (.., an absolute path) or holds a NUL")
        case .encrypted:
            reason = Phrase(uk: "файл в архіві зашифровано; фід має бути відкритим", en: "the archived file is encrypted; a feed must be open")
        case .missingMember:
            reason = Phrase(uk: "такого файлу в архіві немає", en: "no such file in the archive")
        }
        return Phrase(uk: "\(place): \(reason.uk)", en: "\(place): \(reason.en)")
    }

    public var description: String { phrase.en }
}
