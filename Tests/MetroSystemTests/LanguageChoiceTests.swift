import Testing
@testable import MetroSystem

/// The language rule the three programs share: `--lang` anywhere before a `--`, the last one winning, else the
/// locale.
@Suite struct LanguageChoiceTests {
    @Test func takesEveryLangOptionInOrderAndLeavesTheRest() {
        var arguments = ["--lang", "uk", "status", "--json", "--lang=en", "--socket", "/run/x"]
        #expect(LanguageChoice.takeOptions(&arguments) == ["uk", "en"])
        #expect(arguments == ["status", "--json", "--socket", "/run/x"])
    }

    @Test func stopsAtTheEndOfOptions() {
        var arguments = ["--lang=uk", "--", "plan", "--lang", "en"]
        #expect(LanguageChoice.takeOptions(&arguments) == ["uk"])
        #expect(arguments == ["--", "plan", "--lang", "en"])
    }

    @Test func aMissingValueIsEmpty() {
        var trailing = ["status", "--lang"]
        #expect(LanguageChoice.takeOptions(&trailing) == [""])
        #expect(trailing == ["status"])
        var empty = ["--lang=", "status"]
        #expect(LanguageChoice.takeOptions(&empty) == [""])
        #expect(empty == ["status"])
    }

    @Test func theFirstLocaleVariableSetDecides() {
        #expect(LanguageChoice.localeIsUkrainian(["LANG": "uk_UA.UTF-8"]))
        #expect(!LanguageChoice.localeIsUkrainian(["LC_ALL": "C.UTF-8", "LANG": "uk_UA.UTF-8"]))
        #expect(LanguageChoice.localeIsUkrainian(["LC_ALL": "", "LC_MESSAGES": "uk_UA", "LANG": "en_GB"]))
        #expect(!LanguageChoice.localeIsUkrainian([:]))
    }
}
