import Foundation
import Testing
@testable import MetroDaemon

/// `metrotimer-hwcheck --input`: argument errors exit 2 naming the flag, device errors exit 1 naming the device.
/// (Host tier: no input devices here. Pressing a uinput key and recording the vibrator's play/stop runs in the
/// qemu guest tier.)
@Suite struct HwcheckInputTests {
    let hwcheck = DaemonProcess.productsDirectory.appendingPathComponent("metrotimer-hwcheck").path

    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try DaemonProcess.run(hwcheck, arguments + ["--lang", "en"])
    }

    @Test(arguments: [
        (["--input"], "--key-device is required with --input"),
        (["--input", "--key-device", "k"], "--key is required with --input"),
        (["--input", "--key-device", "k", "--key", "KEY_VOLUMEUP"], "--vibrator is required with --input"),
        (["--input", "--key-device", "k", "--key", "KEY_VOLUMEUPP", "--vibrator", "v"], "unknown key 'KEY_VOLUMEUPP'"),
        (["--input", "--chip", "gpiochip0", "--key-device", "k", "--key", "115", "--vibrator", "v"], "--chip is for GPIO, not with --input"),
        (["--chip", "gpiochip0", "--button", "1", "--motor", "2", "--vibrator", "v"], "--vibrator needs --input"),
    ] as [([String], String)])
    func argumentErrorsExit2NamingTheFlag(_ arguments: [String], _ message: String) throws {
        let r = try run(arguments)
        #expect(r.status == 2, "\(arguments): \(r.stderr)")
        #expect(r.stderr.hasPrefix("metrotimer-hwcheck: \(message)"), "\(arguments): \(r.stderr)")
    }

    @Test func aDeviceThatIsNotAnInputDeviceIsNamed() throws {
        let r = try run(["--input", "--key-device", "/dev/null", "--key", "KEY_VOLUMEUP", "--vibrator", "/dev/null"])
        #expect(r.status == 1)
        #expect(r.stderr == "metrotimer-hwcheck: /dev/null is not an input event device (EVIOCGVERSION: Inappropriate ioctl for device)\n", "\(r.stderr)")
        let named = try run(["--input", "--key-device", "metrotimer-test-keys", "--key", "KEY_VOLUMEUP", "--vibrator", "v"])
        #expect(named.status == 1)
        #expect(named.stderr.contains("no input device named 'metrotimer-test-keys'"), "\(named.stderr)")
    }

    @Test func theUsageShowsInputMode() throws {
        let r = try run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("metrotimer-hwcheck --input --key-device DEVICE --key KEY [--grab] --vibrator DEVICE"), "\(r.stdout)")
    }
}
