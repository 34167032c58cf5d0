import Glibc
import MetroSystem

/// Finds the evdev node a configuration names: a path (`/dev/input/by-path/platform-gpio-keys-event`, or
/// `/dev/input/event3`), or the device name the kernel reports (`gpio-keys`), looked up over
/// `/dev/input/event*`.
///
/// A name that matches no device fails listing every device found with its name, so the rider can copy the
/// right one; devices this user may not open are listed as such, and when the name was not found among the
/// others the error is a permission error (naming the group is the caller's part).
public enum InputDeviceLookup {
    /// Where the event nodes are (tests use another directory).
    public static let defaultDirectory = "/dev/input"

    /// Opens the device `spec` names: a path when it starts with `/`, else a device name.
    public static func open(_ spec: String, writable: Bool, directory: String = defaultDirectory) throws(InputError) -> InputDevice {
        guard !spec.isEmpty else { throw InputError(kind: .invalidSpec, errno: 0, message: "no input device given",
                                                                ukrainian: "пристрій вводу не вказано") }
        if spec.hasPrefix("/") { return try InputDevice(path: spec, writable: writable) }
        var found: [String] = []
        var refused: [(path: String, errno: Int32)] = []
        for path in eventNodes(in: directory) {
            do {
                let device = try InputDevice(path: path, writable: writable)
                if device.name == spec { return device }
                found.append("\(path) '\(device.name)'")
            } catch {
                if error.isPermissionProblem { refused.append((path, error.errno)) }
            }
        }
        let listing = found.isEmpty ? "none readable" : found.joined(separator: ", ")
        let listingUK = found.isEmpty ? "жодного, який можна прочитати" : found.joined(separator: ", ")
        if let first = refused.first {
            let paths = refused.map(\.path).joined(separator: ", ")
            let why = String(cString: strerror(first.errno))
            throw InputError(kind: .system, errno: first.errno,
                             message: "no input device named '\(spec)' among those this user may open (found: \(listing)); "
                                 + "may not open \(paths): \(why)",
                             ukrainian: "серед пристроїв вводу, які цей користувач може відкрити, немає '\(spec)' "
                                 + "(знайдено: \(listingUK)); не відкрити \(paths): «\(why)»")
        }
        throw InputError(kind: .noSuchDevice, errno: ENOENT,
                         message: "no input device named '\(spec)' (found: \(found.isEmpty ? "no input devices in \(directory)" : listing))",
                         ukrainian: "немає пристрою вводу з назвою '\(spec)' "
                             + "(знайдено: \(found.isEmpty ? "у \(directory) немає пристроїв вводу" : listingUK))")
    }

    /// The `eventN` nodes of `directory`, in number order (event2 before event10).
    public static func eventNodes(in directory: String) -> [String] {
        let numbers = (Files.entries(of: directory) ?? []).compactMap { name in
            name.hasPrefix("event") ? Int(name.dropFirst(5)) : nil
        }
        return numbers.sorted().map { "\(directory)/event\($0)" }
    }
}
