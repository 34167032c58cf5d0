import MetroGPIO
import Testing

@Suite("chip and line specs")
struct SpecParsingTests {
    @Test("a chip spec is a path, a number, or a name/label", arguments: [
        ("/dev/gpiochip0", GPIOChipSpec.path("/dev/gpiochip0")),
        ("0", .number(0)),
        ("12", .number(12)),
        ("gpiochip0", .nameOrLabel("gpiochip0")),
        ("pinctrl-bcm2835", .nameOrLabel("pinctrl-bcm2835")),
        ("gpio-sim.0-node0", .nameOrLabel("gpio-sim.0-node0")),
        ("1a", .nameOrLabel("1a")),
    ])
    func chipSpec(text: String, expected: GPIOChipSpec) throws {
        #expect(try GPIOChipSpec(parsing: text) == expected)
    }

    @Test("an empty chip spec is refused with a hint")
    func emptyChipSpec() {
        let error = thrownError(GPIOError.self) { try GPIOChipSpec(parsing: "") }
        #expect(error?.kind == .invalidSpec)
        #expect(error?.message.contains("gpiochip0") == true)
    }

    @Test("a line spec of digits is an offset, anything else a name", arguments: [
        ("17", GPIOLineSpec.offset(17)),
        ("0", .offset(0)),
        ("button", .name("button")),
        ("GPIO17", .name("GPIO17")),
        ("-1", .name("-1")),
    ])
    func lineSpec(text: String, expected: GPIOLineSpec) throws {
        #expect(try GPIOLineSpec(parsing: text) == expected)
    }

    @Test("an empty line spec or a too large offset is refused", arguments: ["", "4294967296", "99999999999999999999"])
    func badLineSpec(text: String) {
        let error = thrownError(GPIOError.self) { try GPIOLineSpec(parsing: text) }
        #expect(error?.kind == .invalidSpec)
    }

    @Test("bias names are the ones gpioset and configuration use")
    func biasNames() {
        #expect(LineBias.allCases.map(\.rawValue) == ["pull-up", "pull-down", "disabled", "as-is"])
        #expect(LineBias(rawValue: "pull-up") == .pullUp)
        #expect(LineBias(rawValue: "up") == nil)
    }
}
