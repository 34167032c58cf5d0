import Glibc

/// Finds an IIO device in sysfs by what a configuration names: a path (`/dev/iio:device0`,
/// `/sys/bus/iio/devices/iio:device0`), a node (`iio:device0`), or the name the kernel reports (`accel_3d`).
enum IIODeviceLookup {
    /// The device's node and name; a spec matching no device lists the devices found.
    static func find(_ spec: String, sysfs: String) throws(IIOError) -> (node: String, name: String) {
        guard !spec.isEmpty else {
            throw IIOError(kind: .invalidSpec, errno: 0, message: "no motion device given", ukrainian: "пристрій руху не вказано")
        }
        let root = SysfsAttributes(directory: sysfs)
        let nodes = root.entries().filter { $0.hasPrefix("iio:device") }.sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }
        let wanted = spec.split(separator: "/").last.map(String.init) ?? spec
        var found: [String] = []
        for node in nodes {
            let name = (try? SysfsAttributes(directory: "\(sysfs)/\(node)").read("name")) ?? nil
            if node == wanted || (!spec.hasPrefix("/") && name == spec) { return (node, name ?? node) }
            found.append("\(node) '\(name ?? "?")'")
        }
        let listing = found.isEmpty ? "no IIO devices in \(sysfs)" : found.joined(separator: ", ")
        let listingUK = found.isEmpty ? "у \(sysfs) немає пристроїв IIO" : found.joined(separator: ", ")
        throw IIOError(kind: .noSuchDevice, errno: ENOENT, message: "no IIO device '\(spec)' (found: \(listing))",
                       ukrainian: "немає пристрою IIO '\(spec)' (знайдено: \(listingUK))")
    }
}
