import Glibc
import MetroSystem

/// The attribute files of one sysfs directory (an IIO device's, a trigger's): read as trimmed text, written
/// whole, every failure an `IIOError` naming the file.
struct SysfsAttributes {
    let directory: String

    func path(_ name: String) -> String { "\(directory)/\(name)" }

    func exists(_ name: String) -> Bool { access(path(name), F_OK) == 0 }

    /// The file's text without trailing whitespace; nil when it does not exist.
    func read(_ name: String) throws(IIOError) -> String? {
        let file = path(name)
        let fd = Glibc.open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw IIOError.system("reading \(file)", uk: "читання \(file)", errno: errno)
        }
        defer { Glibc.close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw IIOError.system("reading \(file)", uk: "читання \(file)", errno: errno)
            }
            if got == 0 { break }
            count += got
        }
        return String(decoding: bytes[..<count], as: UTF8.self).trimmingTrailingWhitespace()
    }

    /// The file's text as a number; nil when it does not exist, an error naming the file when it is not a number.
    func number(_ name: String) throws(IIOError) -> Double? {
        guard let text = try read(name) else { return nil }
        return try Self.number(text, path: path(name))
    }

    /// An attribute's text (whitespace trimmed) as a finite number, or an error naming the file and what it held.
    static func number(_ text: String, path: String) throws(IIOError) -> Double {
        guard let value = Double(text), value.isFinite else {
            throw IIOError(kind: .unsupported, errno: 0, message: "\(path) holds '\(text)', not a number",
                           ukrainian: "\(path) містить '\(text)', а не число")
        }
        return value
    }

    /// An axis's own number (`in_accel_x_scale`), else the one shared by the axes (`in_accel_scale`).
    func number(_ own: String, or shared: String) throws(IIOError) -> Double? {
        if let value = try number(own) { return value }
        return try number(shared)
    }

    /// Writes `value` as the whole content of the attribute (sysfs takes one write per value).
    func write(_ name: String, _ value: String) throws(IIOError) {
        let file = path(name)
        let fd = Glibc.open(file, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw IIOError.system("opening \(file) to write '\(value)'", uk: "відкриття \(file) для запису '\(value)'", errno: errno) }
        defer { Glibc.close(fd) }
        let bytes = Array(value.utf8)
        while true {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written == bytes.count { return }
            if written < 0, errno == EINTR { continue }
            let code = written < 0 ? errno : EIO
            if code == EBUSY {
                throw IIOError(kind: .busy, errno: code, message: "writing '\(value)' to \(file): the buffer is in use by another reader (EBUSY)",
                               ukrainian: "запис '\(value)' у \(file): буфер використовує інший читач (EBUSY)")
            }
            throw IIOError.system("writing '\(value)' to \(file)", uk: "запис '\(value)' у \(file)", errno: code)
        }
    }

    /// The names of the directory's entries (unsorted); empty when it cannot be read.
    func entries(_ subdirectory: String? = nil) -> [String] {
        Files.entries(of: subdirectory.map(path) ?? directory) ?? []
    }
}
