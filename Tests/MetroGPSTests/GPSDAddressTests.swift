import MetroGPS
import Testing

struct GPSDAddressTests {
    @Test(arguments: [
        ("localhost:2947", "localhost", 2947),
        ("127.0.0.1:40001", "127.0.0.1", 40001),
        ("gps.local", "gps.local", 2947),
        ("[::1]:2948", "::1", 2948),
        ("[fe80::1%eth0]", "fe80::1%eth0", 2947),
    ] as [(String, String, Int)])
    func parses(text: String, host: String, port: Int) throws {
        let address = try GPSDAddress(parsing: text)
        #expect(address.host == host)
        #expect(Int(address.port) == port)
        #expect(try GPSDAddress(parsing: address.description) == address, "description parses back")
    }

    @Test func theDefaultIsLocalGpsd() {
        #expect(GPSDAddress.local.description == "localhost:2947")
    }

    @Test(arguments: [
        ("", GPSDAddressError.empty),
        ("local host:1", .whitespace("local host:1")),
        ("[::1:2947", .unclosedBracket("[::1:2947")),
        ("[::1]2947", .textAfterBracket("[::1]2947")),
        ("::1:2947", .unbracketedIPv6("::1:2947")),
        (":2947", .emptyHost(":2947")),
        ("[]:2947", .emptyHost("[]:2947")),
        ("host:", .badPort("host:", port: "")),
        ("host:0", .badPort("host:0", port: "0")),
        ("host:65536", .badPort("host:65536", port: "65536")),
        ("host:+80", .badPort("host:+80", port: "+80")),
        ("host:http", .badPort("host:http", port: "http")),
    ] as [(String, GPSDAddressError)])
    func rejects(text: String, expected: GPSDAddressError) {
        #expect(throws: expected) { try GPSDAddress(parsing: text) }
        #expect(!expected.description.isEmpty)
    }

    @Test func errorsQuoteTheText() {
        #expect(GPSDAddressError.badPort("gps:99999", port: "99999").description
            == "gpsd address 'gps:99999': port '99999' is not a number from 1 to 65535")
    }
}
