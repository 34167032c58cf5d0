/// A user-facing string written as a Ukrainian–English pair at its point of use (model §10), so the two can
/// never drift apart and there is no key to forget.
///
///     Phrase(uk: "Наступна — ваша", en: "Yours is next")(language)
/// Encoded as `{"uk": …, "en": …}` where a document carries text in both languages.
public struct Phrase: Hashable, Sendable, Codable {
    public let uk: String
    public let en: String
    public init(uk: String, en: String) {
        self.uk = uk
        self.en = en
    }
    /// The text in a language.
    public func callAsFunction(_ language: Language) -> String { language == .uk ? uk : en }
}
