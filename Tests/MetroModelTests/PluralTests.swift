import Testing
@testable import MetroModel

@Suite struct PluralTests {
    @Test(arguments: [1, 21, 31, 101, 121, 1001])
    func one(_ n: Int) { #expect(Plural.stops(n, .uk) == "\(n) зупинка") }

    @Test(arguments: [2, 3, 4, 22, 23, 24, 102, 134])
    func few(_ n: Int) { #expect(Plural.stops(n, .uk) == "\(n) зупинки") }

    @Test(arguments: [0, 5, 6, 9, 10, 11, 12, 13, 14, 15, 19, 20, 25, 100, 111, 112, 114, 211])
    func many(_ n: Int) { #expect(Plural.stops(n, .uk) == "\(n) зупинок") }

    @Test func general() {
        #expect(Plural.ukrainian(1, one: "хвилина", few: "хвилини", many: "хвилин") == "хвилина")
        #expect(Plural.ukrainian(3, one: "хвилина", few: "хвилини", many: "хвилин") == "хвилини")
        #expect(Plural.ukrainian(12, one: "хвилина", few: "хвилини", many: "хвилин") == "хвилин")
        #expect(Plural.ukrainian(-21, one: "хвилина", few: "хвилини", many: "хвилин") == "хвилина")
    }

    @Test func english() {
        #expect(Plural.stops(1, .en) == "1 stop")
        #expect(Plural.stops(0, .en) == "0 stops")
        #expect(Plural.stops(2, .en) == "2 stops")
        #expect(Plural.stops(21, .en) == "21 stops")
        #expect(Plural.stops(11, .en) == "11 stops")
    }

    @Test func englishContainsNoCyrillic() {
        for n in 0...250 {
            let text = Plural.stops(n, .en)
            #expect(!text.unicodeScalars.contains { (0x0400...0x052F).contains($0.value) }, "\(text)")
        }
    }
}
