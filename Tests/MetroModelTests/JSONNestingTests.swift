import MetroModel
import Testing

/// The byte scanner that keeps over-nested JSON away from the decoder.
@Suite struct JSONNestingTests {
    @Test func nestingUpToTheLimitPassesAndOneMoreIsRefused() {
        let limit = JSONNesting.maximumDepth
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(JSONNesting.refusal(of: atLimit.utf8) == nil)
        let beyond = String(repeating: "{\"a\":", count: limit + 1)
        #expect(JSONNesting.refusal(of: beyond.utf8)?.en.contains("nested deeper than \(limit)") == true)
        #expect(JSONNesting.refusal(of: beyond.utf8)?.uk.contains("вкладено глибше, ніж на \(limit)") == true)
        #expect(JSONNesting.refusal(of: String(repeating: "[", count: 513).utf8) != nil)
    }

    @Test func depthIsTheOpenCountNotTheTotal() {
        // Many siblings, each shallow: never deep.
        let siblings = "[" + Array(repeating: "[[1]]", count: 1000).joined(separator: ",") + "]"
        #expect(JSONNesting.refusal(of: siblings.utf8) == nil)
    }

    @Test func bracketsInsideStringsDoNotCount() {
        let brackets = String(repeating: "[", count: 600)
        #expect(JSONNesting.refusal(of: "{\"name\": \"\(brackets)\"}".utf8) == nil)
        // An escaped quote does not end the string; an escaped backslash before the closing quote does not hide it.
        #expect(JSONNesting.refusal(of: "[\"\\\"\(brackets)\"]".utf8) == nil)
        #expect(JSONNesting.refusal(of: ("[\"\\\\\"" + brackets).utf8) != nil)
    }

    @Test func theNetworkLoaderRefusesItWithAMessage() {
        let bytes = Array(("{\"schema\": 1, \"lines\": " + String(repeating: "[", count: 513)).utf8)
        #expect(throws: NetworkDataError(uk: "JSON вкладено глибше, ніж на \(JSONNesting.maximumDepth) масивів чи обʼєктів",
                                                en: "JSON nested deeper than \(JSONNesting.maximumDepth) arrays or objects")) {
            _ = try Network.load(json: bytes)
        }
    }
}
