import Foundation
import Testing
@testable import MetroModel

/// A data file that gives one field twice in an object is refused, as a control request is: the decoder would keep
/// one of the two values without a word.
@Suite struct DuplicateKeyDataTests {
    /// The real file with its first station's `"lat":` given twice (the second value first, so the decoder's
    /// choice would not even be the one a reader sees last).
    @Test func aFieldGivenTwiceIsRefusedNamingIt() throws {
        let text = String(decoding: networkBytes, as: UTF8.self)
        let lat = try #require(text.range(of: "\"lat\":"))
        let doubled = text.replacingCharacters(in: lat, with: "\"lat\": 50.45, \"lat\":")
        #expect(throws: NetworkDataError(uk: "поле 'lat' задано двічі в одному обʼєкті", en: "field 'lat' is given twice in one object")) {
            _ = try Network.load(json: Array(doubled.utf8))
        }
        // Escapes do not hide a repeat.
        let escaped = text.replacingCharacters(in: lat, with: "\"l\\u0061t\": 50.45, \"lat\":")
        #expect(throws: NetworkDataError(uk: "поле 'lat' задано двічі в одному обʼєкті", en: "field 'lat' is given twice in one object")) {
            _ = try Network.load(json: Array(escaped.utf8))
        }
    }

    @Test func equalNamesInDifferentObjectsAreFine() {
        #expect(DuplicateKeys.first(in: "{\"a\": {\"a\": 1}, \"b\": [{\"a\": 1}, {\"a\": 2}]}") == nil)
        #expect(DuplicateKeys.first(in: "{\"a\": \"\\\"a\", \"b\": 1, \"a\": 2}") == "a")
    }
}
