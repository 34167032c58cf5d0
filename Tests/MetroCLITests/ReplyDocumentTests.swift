import MetroControl
import MetroModel
import Testing
@testable import MetroCLI

/// A reply that does not fit its document is refused in the rider's language, naming the field at fault.
@Suite struct ReplyDocumentTests {
    @Test func aMissingFieldIsNamedInEitherLanguage() {
        let reply = JSONValue.object(["ok": .bool(true), "status": .object(["state": .string("idle")])])
        #expect(throws: ReplyDocument.unreadable(path: "status.now", Phrase(uk: "його немає", en: "it is missing"), .en)) {
            _ = try ReplyDocument.decode(StatusDocument.self, reply, field: "status", language: .en)
        }
        #expect(throws: ReplyDocument.unreadable(path: "status.now", Phrase(uk: "його немає", en: "it is missing"), .uk)) {
            _ = try ReplyDocument.decode(StatusDocument.self, reply, field: "status", language: .uk)
        }
    }

    @Test func aWrongTypeAndAMissingPartAreNamed() {
        let wrong = JSONValue.object(["status": .string("idle")])
        #expect(throws: ReplyDocument.unreadable(path: "status", Phrase(uk: "очікувалося Dictionary<String, Any>",
                                                                        en: "expected Dictionary<String, Any>"), .en)) {
            _ = try ReplyDocument.decode(StatusDocument.self, wrong, field: "status", language: .en)
        }
        #expect(throws: ReplyDocument.unreadable(path: "status", Phrase(uk: "його немає", en: "it is missing"), .en)) {
            _ = try ReplyDocument.decode(StatusDocument.self, .object([:]), field: "status", language: .en)
        }
    }

    @Test func theMessageSaysWhatWasWrong() {
        let error = ReplyDocument.unreadable(path: "status.now", Phrase(uk: "його немає", en: "it is missing"), .en)
        #expect(error.message == "cannot read metrotimerd's reply: field 'status.now': it is missing "
                + "(are metrotimer and metrotimerd the same version?)")
        #expect(error.exitCode == 1)
    }
}
