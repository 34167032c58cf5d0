import Foundation
import MetroTestSupport
import Testing
@testable import MetroModel

/// The network file's reader (`JSONTape`, `JSONTapeDecoder`): it must decode exactly what Foundation's decoder
/// decodes, refuse what is not JSON naming where, and keep the promises every JSON reader here keeps (nesting
/// depth, no name given twice).
@Suite struct JSONTapeTests {
    /// Both decoders' results, encoded the same way: equal bytes mean equal values.
    func canonical<Value: Codable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    @Test func kyivsFileDecodesAsFoundationDecodesIt() throws {
        // The schema 1 file is decoded only, never written: its values are compared as the dump prints them.
        var tape = "", foundation = ""
        dump(try JSONTapeDecoder.decode(NetworkFile.self, from: networkBytes), to: &tape)
        dump(try JSONDecoder().decode(NetworkFile.self, from: Data(networkBytes)), to: &foundation)
        #expect(tape == foundation)
        #expect(tape.contains("akademmistechko"))
    }

    @Test func aSchema2FileDecodesAsFoundationDecodesIt() throws {
        let network = try Network.load(json: networkBytes)
        let bytes = Array(try JSONEncoder().encode(GeneralNetworkFile(network: network)))
        let tape = try JSONTapeDecoder.decode(GeneralNetworkFile.self, from: bytes)
        let foundation = try JSONDecoder().decode(GeneralNetworkFile.self, from: Data(bytes))
        #expect(try canonical(tape) == canonical(foundation))
        #expect(tape.stations.count == network.stations.count)
    }

    struct Sample: Codable, Equatable {
        var name: String
        var count: Int
        var share: Double
        var flag: Bool
        var note: String?
        var small: UInt8?
        var list: [Int]
        var nested: [String: [Double?]]
    }

    @Test func valuesOfEveryKindDecodeAsFoundationDecodesThem() throws {
        let texts = [
            #"{"name":"Хрещатик \"A\"\\\/\b\f\n\r\t\u00e9\ud83d\ude87","count":-9223372036854775808,"share":-0.5e-3,"flag":true,"note":null,"small":255,"list":[],"nested":{"a":[1,null,2.5e2],"b":[]}}"#,
            "\u{FEFF}{ \"name\" : \"\", \"count\" : 1e3 , \"share\" : 0, \"flag\" : false, \"list\" : [ 0 , -0 ], \"nested\" : { } }\n",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let tape = try JSONTapeDecoder.decode(Sample.self, from: bytes)
            let foundation = try JSONDecoder().decode(Sample.self, from: Data(bytes))
            #expect(tape == foundation, "\(text)")
        }
        let sample = try JSONTapeDecoder.decode(Sample.self, from: Array(texts[0].utf8))
        #expect(sample.name == "Хрещатик \"A\"\\/\u{8}\u{C}\n\r\t\u{E9}\u{1F687}")
        #expect(sample.count == Int.min)
        #expect(sample.nested["a"] == [1, nil, 250])
    }

    /// Each text that is not JSON, with the byte where the reader stops.
    @Test func textThatIsNotJSONIsRefusedWhereItGoesWrong() {
        let cases: [(String, Int)] = [
            ("", 0), ("  ", 2), ("[", 1), ("{\"a\":}", 5), ("{\"a\" 1}", 5), ("[1,]", 3), ("[1 2]", 3), ("01", 1),
            ("1.", 2), ("-", 1), ("1e", 2), ("+1", 0), ("tru", 3), ("nul", 3), ("1 2", 2), ("{\"a\":1,}", 7),
            ("{a:1}", 1), ("'a'", 0), ("\"a", 2), ("\"\\x\"", 2), ("\"\\u12G4\"", 5), ("\"\\ud800\"", 7),
            ("\"\\ud800\\u0041\"", 7), ("\"\\udc00\"", 1), ("\"a\tb\"", 2), ("[1]]", 3),
        ]
        for (text, offset) in cases {
            #expect(throws: JSONTape.Failure.syntax(offset: offset), "\(text.debugDescription)") {
                _ = try JSONTape(Array(text.utf8))
            }
        }
        // Bytes that are not UTF-8 inside a string: named at the string's first byte.
        #expect(throws: JSONTape.Failure.syntax(offset: 2)) { _ = try JSONTape([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]) }
    }

    @Test func theRefusalNamesLineAndColumnInBothLanguages() {
        let bytes = Array("{\n  \"назва\": [1,\n   ]\n}".utf8)
        #expect(throws: JSONTape.Failure.syntax(offset: 25)) { _ = try JSONTape(bytes) }
        let phrase = JSONTape.Failure.syntax(offset: 25).phrase(in: bytes)
        #expect(phrase.en == "not valid JSON at line 3, column 4")
        #expect(phrase.uk == "не коректний JSON: рядок 3, позиція 4")
        // Columns count characters, as an editor shows them, not the bytes of a Cyrillic name.
        let cyrillic = Array("[\"назва\" 1]".utf8)
        #expect(throws: JSONTape.Failure.syntax(offset: 14)) { _ = try JSONTape(cyrillic) }
        #expect(JSONTape.Failure.syntax(offset: 14).phrase(in: cyrillic).en == "not valid JSON at line 1, column 10")
    }

    @Test func aNameGivenTwiceInOneObjectIsRefusedHoweverItIsSpelt() {
        let many = (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let cases: [(String, String)] = [
            (#"{"a":1,"a":2}"#, "a"),
            (#"{"a":1,"\u0061":2}"#, "a"),
            ("{\"\u{E9}\":1,\"e\u{301}\":2}", "e\u{301}"),
            (#"[{"x":{"b":1,"c":2,"b":3}}]"#, "b"),
            ("{\(many),\"k7\":0}", "k7"),
        ]
        for (text, name) in cases {
            #expect(throws: JSONTape.Failure.repeatedName(name), "\(text)") { _ = try JSONTape(Array(text.utf8)) }
        }
        // The same name in two objects, or nested inside its own value, is no repeat.
        for text in [#"[{"a":1},{"a":2}]"#, #"{"a":{"a":{"a":1}},"b":2}"#, "{\(many)}"] {
            #expect((try? JSONTape(Array(text.utf8))) != nil, "\(text)")
        }
    }

    @Test func nestingUpToTheLimitIsReadAndOneDeeperIsRefused() throws {
        let limit = JSONNesting.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(try JSONTape(Array(deepest.utf8)).values.count == limit)
        let beyond = String(repeating: "[{\"a\":", count: limit) + "1"
        #expect(throws: JSONTape.Failure.tooDeep) { _ = try JSONTape(Array(beyond.utf8)) }
        #expect(JSONTape.Failure.tooDeep.phrase(in: []) == JSONNesting.tooDeep)
    }

    @Test func numbersThatDoNotFitAreRefusedAsFoundationRefusesThem() throws {
        struct Small: Decodable { var value: UInt8 }
        struct Whole: Decodable { var value: Int }
        struct Real: Decodable { var value: Double }
        for text in [#"{"value":256}"#, #"{"value":-1}"#, #"{"value":1.5}"#] {
            #expect(throws: DecodingError.self) { _ = try JSONTapeDecoder.decode(Small.self, from: Array(text.utf8)) }
            #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(Small.self, from: Data(text.utf8)) }
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONTapeDecoder.decode(Whole.self, from: Array(#"{"value":9223372036854775808}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONTapeDecoder.decode(Real.self, from: Array(#"{"value":1e400}"#.utf8))
        }
        #expect(try JSONTapeDecoder.decode(Whole.self, from: Array(#"{"value":2.0E1}"#.utf8)).value == 20)
    }

    /// A mistake is reported at the same coding path, of the same kind, as Foundation's decoder reports it: the
    /// refusals the data file's readers word (`describe`) stay what they were.
    @Test func mistakesAreNamedAsFoundationNamesThem() throws {
        let texts = [
            #"{"name":"a","count":"1","share":0,"flag":true,"list":[],"nested":{}}"#,
            #"{"name":"a","count":1,"share":0,"flag":true,"list":[1,"2"],"nested":{}}"#,
            #"{"name":"a","count":1,"share":0,"flag":true,"list":[],"nested":{"x":[true]}}"#,
            #"{"name":"a","count":1,"share":0,"list":[],"nested":{}}"#,
            #"{"name":null,"count":1,"share":0,"flag":true,"list":[],"nested":{}}"#,
            #"{"name":"a","count":1,"share":0,"flag":true,"list":{},"nested":{}}"#,
            #"[{"name":"a"}]"#,
        ]
        for text in texts {
            var tapeError: Phrase?
            var foundationError: Phrase?
            do { _ = try JSONTapeDecoder.decode(Sample.self, from: Array(text.utf8)) } catch let error as DecodingError { tapeError = describe(error) }
            do { _ = try JSONDecoder().decode(Sample.self, from: Data(text.utf8)) } catch let error as DecodingError { foundationError = describe(error) }
            #expect(tapeError != nil, "\(text)")
            #expect(tapeError?.uk == foundationError?.uk, "\(text)")
            #expect(tapeError?.en.prefix { $0 != ":" } == foundationError?.en.prefix { $0 != ":" }, "\(text)")
        }
    }

    @Test func theDeclaredSchemaIsReadWithoutDecodingTheRest() {
        #expect(GeneralNetwork.declaredSchema(of: Array(#"{"stations":[1,{}],"schema":2}"#.utf8)) == 2)
        #expect(GeneralNetwork.declaredSchema(of: Array(#"{"x":{"schema":2}}"#.utf8)) == nil)
        #expect(GeneralNetwork.declaredSchema(of: Array(#"{"schema":"2"}"#.utf8)) == nil)
        #expect(GeneralNetwork.declaredSchema(of: Array(#"[{"schema":2}]"#.utf8)) == nil)
        #expect(GeneralNetwork.declaredSchema(of: Array(#"{"schema":2"#.utf8)) == nil)
        #expect(GeneralNetwork.declaredSchema(of: networkBytes) == 1)
    }

    /// Every prefix and many one-byte changes of the real file are read or refused, never a trap.
    @Test func damagedFilesAreRefusedNeverATrap() {
        var generator = SplitMix64(seed: 0x4A53_4F4E)
        for length in stride(from: 0, to: networkBytes.count, by: 97) {
            _ = try? JSONTapeDecoder.decode(NetworkFile.self, from: Array(networkBytes.prefix(length)))
        }
        for _ in 0..<2_000 {
            var bytes = networkBytes
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = try? JSONTapeDecoder.decode(NetworkFile.self, from: bytes)
        }
    }
}
