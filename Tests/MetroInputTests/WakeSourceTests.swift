import Foundation
import Testing
@testable import MetroInput

/// The key device's wake-up setting, read from a sysfs laid out like the kernel's (a scratch tree: this host
/// has no input devices; on a phone the same files are under /sys/class/input/eventN/).
@Suite struct WakeSourceTests {
    func layout(_ entries: [String: String]) throws -> (sysfs: String, node: String) {
        let root = try temporaryDirectory()
        let sysfs = root + "/sys"
        for (relative, content) in entries {
            let file = sysfs + "/" + relative
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try content.write(toFile: file, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: root + "/dev/input/by-path", withIntermediateDirectories: true)
        try touch(root + "/dev/input/event3")
        try FileManager.default.createSymbolicLink(atPath: root + "/dev/input/by-path/platform-gpio-keys-event", withDestinationPath: "../event3")
        return (sysfs, root + "/dev/input/by-path/platform-gpio-keys-event")
    }

    @Test func theParentsSettingIsReadThroughAByPathLink() throws {
        let (sysfs, node) = try layout(["class/input/event3/device/device/power/wakeup": "enabled\n"])
        defer { removeTree((sysfs as NSString).deletingLastPathComponent) }
        let state = try #require(WakeSource.state(ofEventNode: node, sysfs: sysfs))
        #expect(state.enabled && state.file == sysfs + "/class/input/event3/device/device/power/wakeup")
    }

    @Test func disabledIsNotAWakeSource() throws {
        let (sysfs, node) = try layout(["class/input/event3/device/device/power/wakeup": "disabled\n"])
        defer { removeTree((sysfs as NSString).deletingLastPathComponent) }
        #expect(WakeSource.state(ofEventNode: node, sysfs: sysfs)?.enabled == false)
    }

    @Test func theInputDevicesOwnSettingIsTheFallback() throws {
        let (sysfs, node) = try layout(["class/input/event3/device/power/wakeup": "enabled"])
        defer { removeTree((sysfs as NSString).deletingLastPathComponent) }
        #expect(WakeSource.state(ofEventNode: node, sysfs: sysfs)?.file == sysfs + "/class/input/event3/device/power/wakeup")
    }

    @Test func noSettingOrNoNodeIsNil() throws {
        let (sysfs, node) = try layout(["class/input/event3/device/uevent": ""])
        defer { removeTree((sysfs as NSString).deletingLastPathComponent) }
        #expect(WakeSource.state(ofEventNode: node, sysfs: sysfs) == nil)
        #expect(WakeSource.state(ofEventNode: "/dev/null", sysfs: sysfs) == nil)
        #expect(WakeSource.state(ofEventNode: sysfs + "/missing/event1", sysfs: sysfs) == nil)
    }
}
