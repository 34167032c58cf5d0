import Glibc

/// Whether pressing a key device's keys wakes a suspended system: the `power/wakeup` attribute of the hardware
/// behind an event node in sysfs (`enabled` or `disabled`). On a phone between alerts, the alerts themselves
/// wake it (`CLOCK_BOOTTIME_ALARM`); a press that should start or correct a trip while the phone sleeps needs
/// the key to be a wake-up source as well.
public enum WakeSource {
    /// The attribute found for an event node, and what it says.
    public struct State: Sendable, Equatable {
        /// The sysfs file read, e.g. `/sys/class/input/event0/device/device/power/wakeup`.
        public var file: String
        /// Whether it says `enabled`.
        public var enabled: Bool
    }

    /// The wake-up state of the device behind `eventNode` (a `/dev/input/eventN` path or a link to one), or nil
    /// when sysfs has no such attribute for it (the driver cannot wake the system, or sysfs is not mounted).
    /// The input device's parent (the `gpio-keys` platform device, a keyboard's USB interface) carries it; the
    /// input device itself is looked at after.
    public static func state(ofEventNode eventNode: String, sysfs: String = "/sys") -> State? {
        guard let resolved = realpath(eventNode, nil) else { return nil }
        let target = String(cString: resolved)
        free(resolved)
        guard let event = target.split(separator: "/").last, event.hasPrefix("event") else { return nil }
        for parent in ["device/device", "device"] {
            let file = "\(sysfs)/class/input/\(event)/\(parent)/power/wakeup"
            guard let text = readSmallFile(file) else { continue }
            return State(file: file, enabled: text.trimmingWhitespaceAndNewlines == "enabled")
        }
        return nil
    }

    private static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }
}

extension String {
    var trimmingWhitespaceAndNewlines: String {
        var scalars = Substring(self)
        while let last = scalars.last, last == "\n" || last == " " || last == "\t" { scalars.removeLast() }
        while let first = scalars.first, first == "\n" || first == " " || first == "\t" { scalars.removeFirst() }
        return String(scalars)
    }
}
