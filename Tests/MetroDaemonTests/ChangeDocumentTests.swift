import Foundation
import MetroControl
import MetroEngine
import MetroModel
import Testing
@testable import MetroDaemon

/// The gesture event and the pin, unpin and suspend results are written from documents the command line reads
/// back: the lines are the ones the daemon wrote field by field before, and each reads back to what was written.
@Suite struct ChangeDocumentTests {
    static func readBack<Document: Codable & Equatable>(_ document: Document) throws -> Document {
        try JSONDecoder().decode(Document.self, from: Data(jsonLine(document).utf8))
    }

    @Test func theGestureEventIsTheLineItWas() throws {
        let refused = GestureOutcome(button: 1, gesture: .long, action: "start", refusal: .noRouteChosen)
        let nothing = GestureOutcome(button: 2, gesture: nil, action: nil, refusal: nil)
        for outcome in [refused, nothing] {
            let old: JSONValue = outcome.refusal.map { .object(["uk": .string($0.message(.uk)), "en": .string($0.message(.en))]) } ?? .null
            let expected = jsonLine(JSONValue.object(["event": .string("gesture"), "gesture": .object([
                "button": .number(Double(outcome.button)),
                "gesture": outcome.gesture.map { .string($0.rawValue) } ?? .null,
                "action": outcome.action.map { .string($0) } ?? .null,
                "refused": old,
                "code": outcome.refusal.map { .string($0.code.rawValue) } ?? .null,
            ])]))
            #expect(ControlReply.gestureEvent(outcome) == expected)
        }
        let document = GestureDocument(button: 1, gesture: "long", action: "start",
                                       refused: GestureDocument.Refusal(uk: "ні", en: "no"), code: "no_route")
        let read = try Self.readBack(document)
        #expect(read == document)
        let empty = GestureDocument(button: 2, gesture: nil, action: nil, refused: nil, code: nil)
        #expect(jsonLine(empty) == #"{"action":null,"button":2,"code":null,"gesture":null,"refused":null}"#)
        let readEmpty = try Self.readBack(empty)
        #expect(readEmpty == empty)
    }

    @Test func pinUnpinAndSuspendResultsAreTheLinesTheyWere() throws {
        let already = PinResultDocument(result: "already_pinned", evicted: nil)
        #expect(jsonLine(JSONValue.object(["pin": JSONValue(encoding: already)])) == #"{"pin":{"evicted":null,"result":"already_pinned"}}"#)
        let evicted = PinResultDocument(result: "pinned", evicted: RoutesDocument.Route(from: "lisova", to: "teremky"))
        #expect(jsonLine(JSONValue.object(["pin": JSONValue(encoding: evicted)]))
                == #"{"pin":{"evicted":{"from":"lisova","to":"teremky"},"result":"pinned"}}"#)
        #expect(jsonLine(JSONValue.object(["unpin": JSONValue(encoding: ChangeResultDocument(result: "not_pinned"))]))
                == #"{"unpin":{"result":"not_pinned"}}"#)
        for document in [already, evicted] {
            let read = try Self.readBack(document)
            #expect(read == document)
        }
        let suspended = try Self.readBack(ChangeResultDocument(result: "suspended"))
        #expect(suspended == ChangeResultDocument(result: "suspended"))
    }
}
