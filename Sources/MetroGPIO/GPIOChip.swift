import CGpiod
import Glibc
import MetroSystem

/// An open GPIO chip (`/dev/gpiochipN`), through libgpiod 1.6.
///
/// Lines requested from a chip keep it open: `ButtonLine` and `MotorLine` hold a strong reference, so the
/// chip is closed (and libgpiod frees its line objects) only after every line is released.
public final class GPIOChip {
    /// The libgpiod handle; the only raw pointer of this type, freed in `deinit`.
    let handle: OpaquePointer
    /// The kernel's name for the chip, e.g. `gpiochip0`.
    public let name: String
    /// The driver's label, e.g. `pinctrl-bcm2835` or `gpio-sim.0-node0`.
    public let label: String
    /// How many lines the chip has; valid offsets are `0..<lineCount`.
    public let lineCount: UInt32

    private init(handle: OpaquePointer) {
        self.handle = handle
        self.name = String(cString: gpiod_chip_name(handle))
        self.label = String(cString: gpiod_chip_label(handle))
        self.lineCount = gpiod_chip_num_lines(handle)
    }

    deinit {
        gpiod_chip_close(handle)
    }

    /// Opens a chip by path (`/dev/gpiochip0`), name (`gpiochip0`), label (`pinctrl-bcm2835`) or number (`0`).
    ///
    /// A missing chip throws `.noSuchChip` with the chips that do exist, so a typo in configuration is
    /// obvious: `no GPIO chip 'gpiochip9' (chips here: gpiochip0 [pinctrl-bcm2835])`.
    public static func open(_ spec: String) throws(GPIOError) -> GPIOChip {
        let parsed = try GPIOChipSpec(parsing: spec)
        let opened: OpaquePointer?
        switch parsed {
        case .path(let path):
            opened = gpiod_chip_open(path)
        case .number(let number):
            opened = gpiod_chip_open_by_number(number)
        case .nameOrLabel(let text):
            // A device node of that name wins; otherwise it can only be a label.
            if !text.contains("/") && access("/dev/" + text, F_OK) == 0 {
                opened = gpiod_chip_open_by_name(text)
            } else {
                opened = gpiod_chip_open_by_label(text)
            }
        }
        guard let handle = opened else {
            let code = errno
            if code == ENOENT || code == ENODEV {
                throw GPIOError(kind: .noSuchChip, errno: code,
                                message: "no GPIO chip '\(spec)' (\(describeAvailableChips()))")
            }
            throw GPIOError.system("opening GPIO chip '\(spec)'", errno: code)
        }
        return GPIOChip(handle: handle)
    }

    /// The names of the GPIO character devices in `/dev`, sorted by number (`gpiochip0`, `gpiochip1`, …).
    public static func deviceNames() -> [String] {
        guard let directory = opendir("/dev") else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix("gpiochip"), name.dropFirst("gpiochip".count).allSatisfy(\.isASCIIDigit) {
                names.append(name)
            }
        }
        return names.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    }

    /// Finds a line by offset (`17`) or by its `gpio-line-names` name (`button`) and returns its offset.
    public func findLine(_ spec: String) throws(GPIOError) -> UInt32 {
        switch try GPIOLineSpec(parsing: spec) {
        case .offset(let offset):
            guard offset < lineCount else {
                throw GPIOError(kind: .noSuchLine, errno: EINVAL,
                                message: "no line \(offset) on \(name) (it has \(lineCount) lines, 0…\(lineCount &- 1))")
            }
            return offset
        case .name(let lineName):
            guard let line = gpiod_chip_find_line(handle, lineName) else {
                let code = errno
                if code == ENOENT {
                    throw GPIOError(kind: .noSuchLine, errno: code, message: "no line named '\(lineName)' on \(name)")
                }
                throw GPIOError.system("looking up line '\(lineName)' on \(name)", errno: code)
            }
            return gpiod_line_offset(line)
        }
    }

    /// The libgpiod line object at `offset`, owned by this chip; `doing` names the caller's purpose for errors.
    func line(at offset: UInt32, for doing: String) throws(GPIOError) -> OpaquePointer {
        guard let line = gpiod_chip_get_line(handle, offset) else {
            throw GPIOError.system("\(doing): getting line \(offset) on \(name)", errno: errno)
        }
        return line
    }

    /// How a line is named in messages: `line 17 on gpiochip0`, or `line 0 ('button') on gpiochip1`.
    func describeLine(_ line: OpaquePointer) -> String {
        let offset = gpiod_line_offset(line)
        if let lineName = gpiod_line_name(line), lineName.pointee != 0 {
            return "line \(offset) ('\(String(cString: lineName))') on \(name)"
        }
        return "line \(offset) on \(name)"
    }

    /// Requests `line` with `config`, turning EBUSY into a message naming the current holder.
    func request(_ line: OpaquePointer, type: Int32, flags: Int32, consumer: String, initialValue: Int32,
                 as role: String) throws(GPIOError) {
        let status = consumer.withCString { consumerName -> Int32 in
            var config = gpiod_line_request_config(consumer: consumerName, request_type: type, flags: flags)
            return gpiod_line_request(line, &config, initialValue)
        }
        guard status == 0 else {
            let code = errno
            if code == EBUSY {
                throw GPIOError(kind: .busy, errno: code,
                                message: "\(describeLine(line)) is busy (\(describeHolder(of: line)))")
            }
            throw GPIOError.system("requesting \(describeLine(line)) as \(role)", errno: code)
        }
    }

    /// `used by 'sysfs'`, read fresh from the kernel because libgpiod caches line info.
    private func describeHolder(of line: OpaquePointer) -> String {
        guard gpiod_line_update(line) == 0 else { return "its holder is unknown: \(Errno.current) (errno \(errno))" }
        guard let consumer = gpiod_line_consumer(line), consumer.pointee != 0 else {
            return "used by an unnamed consumer"
        }
        return "used by '\(String(cString: consumer))'"
    }
}

/// `chips here: gpiochip0 [pinctrl-bcm2835], gpiochip1 [raspberrypi-exp-gpio]` or why there are none.
private func describeAvailableChips() -> String {
    let names = GPIOChip.deviceNames()
    if names.isEmpty { return "this system has no GPIO chips: /dev has no gpiochip devices" }
    let described = names.map { name -> String in
        guard let chip = gpiod_chip_open_by_name(name) else { return name }
        defer { gpiod_chip_close(chip) }
        return "\(name) [\(String(cString: gpiod_chip_label(chip)))]"
    }
    return "chips here: " + described.joined(separator: ", ")
}
