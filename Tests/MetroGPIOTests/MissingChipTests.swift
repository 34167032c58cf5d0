import Foundation
import Glibc
import MetroGPIO
import Testing

/// Opening chips on this host. The kernel these tests run on here has NO GPIO support at all, so no chip can
/// be opened: what is real here is the error for a missing chip. Real chips (gpio-sim on a Debian 6.1
/// kernel) are exercised under qemu by `make test-gpio`.
@Suite("opening a missing GPIO chip")
struct MissingChipTests {
    @Test("the chips listed are exactly the gpiochip devices in /dev (none on this host's kernel)")
    func listsChips() throws {
        let inDev = try FileManager.default.contentsOfDirectory(atPath: "/dev")
            .filter { $0.hasPrefix("gpiochip") && Int($0.dropFirst("gpiochip".count)) != nil }
        #expect(GPIOChip.deviceNames().sorted() == inDev.sorted())
        if inDev.isEmpty {
            print("""
                *********************************************************************************
                ** MetroGPIOTests: this kernel has NO GPIO chips (no /dev/gpiochip*).          **
                ** Only the missing-chip errors can be tested on this host; real chips are     **
                ** tested under qemu with the kernel's gpio-sim: make test-gpio                **
                *********************************************************************************
                """)
        }
    }

    @Test("a missing chip, by any kind of spec, is reported as missing with the chips that exist", arguments: [
        "gpiochip9999", "/dev/gpiochip9999", "9999", "no-such-label-on-any-chip",
    ])
    func missingChip(spec: String) {
        let error = thrownError(GPIOError.self) { try GPIOChip.open(spec) }
        #expect(error?.kind == .noSuchChip)
        #expect(error?.errno == ENOENT)
        #expect(error?.message.hasPrefix("no GPIO chip '\(spec)' (") == true)
        if GPIOChip.deviceNames().isEmpty {
            #expect(error?.message.contains("this system has no GPIO chips") == true)
        } else {
            #expect(error?.message.contains("chips here: gpiochip") == true)
        }
    }

    @Test("a device that is not a GPIO chip is refused with the path in the message")
    func notAChip() {
        let error = thrownError(GPIOError.self) { try GPIOChip.open("/dev/null") }
        #expect(error?.message.contains("'/dev/null'") == true)
        #expect(error?.errno != 0)
    }

    @Test("an empty chip spec is refused before any system call")
    func emptySpec() {
        let error = thrownError(GPIOError.self) { try GPIOChip.open("") }
        #expect(error?.kind == .invalidSpec)
        #expect(error?.errno == 0)
    }
}
