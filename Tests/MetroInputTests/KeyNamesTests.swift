import Foundation
import Testing
@testable import MetroInput

/// The key-name table against the kernel header it was generated from, and the spellings `button_key` takes.
/// (Host tier: no input device needed. Presses on a real key device are tested in the qemu guest tier.)
@Suite struct KeyNamesTests {
    @Test(arguments: [("KEY_VOLUMEUP", 115), ("KEY_VOLUMEDOWN", 114), ("KEY_POWER", 116), ("key_volumeup", 115),
                      (" KEY_CAMERA ", 212), ("BTN_0", 256), ("BTN_LEFT", 272), ("115", 115), ("1", 1), ("767", 767),
                      // The kernel takes codes up to KEY_MAX itself: the header's name for 767 is one spelling of it.
                      ("KEY_MAX", 767), ("key_max", 767)]
          as [(String, UInt16)])
    func aNameOrANumberGivesItsCode(_ spec: String, _ code: UInt16) {
        #expect(KeyNames.code(of: spec) == code, "\(spec)")
    }

    @Test(arguments: ["", "VOLUMEUP", "KEY_FOO", "KEY_CNT", "0", "768", "-1", "+115", "0x73", "KEY_VOLUME UP", "115.0"])
    func anythingElseIsNoKey(_ spec: String) {
        #expect(KeyNames.code(of: spec) == nil, "\(spec)")
    }

    @Test func aCodeIsNamedAsTheHeaderNamesItFirst() {
        #expect(KeyNames.name(of: 115) == "KEY_VOLUMEUP")
        #expect(KeyNames.name(of: 256) == "BTN_MISC")  // BTN_MISC and BTN_0 share 0x100; the header gives BTN_MISC first
        #expect(KeyNames.name(of: 0x2fe) == "key 766")
    }

    /// Every KEY_/BTN_ define of the installed header with a literal value is in the table with the same code,
    /// so a table generated from an older header than the system's is caught (regenerate it with
    /// scripts/gen-key-names.sh on the newest header). Runs on Debian 12 and, in the trixie tier, Debian 13.
    @Test func theTableAgreesWithTheInstalledHeader() throws {
        let header = try String(contentsOfFile: "/usr/include/linux/input-event-codes.h", encoding: .utf8)
        var checked = 0
        for line in header.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 3, fields[0] == "#define" else { continue }
            let name = String(fields[1])
            guard name.hasPrefix("KEY_") || name.hasPrefix("BTN_"),
                  !["KEY_MAX", "KEY_CNT", "KEY_RESERVED", "KEY_MIN_INTERESTING"].contains(name) else { continue }
            let value = String(fields[2])
            let code = value.hasPrefix("0x") ? UInt16(value.dropFirst(2), radix: 16) : UInt16(value)
            guard let code else { continue }  // an alias of another name
            #expect(KeyNames.code(of: name) == code, "\(name) = \(value)")
            checked += 1
        }
        #expect(checked > 500, "only \(checked) names found in the header")
    }
}
