internal import CGpioShim
import Glibc
import MetroSystem

/// An open GPIO chip (`/dev/gpiochipN`), through whichever libgpiod generation (1.6 or 2.x) the program was
/// built against; nothing here or above depends on which.
///
/// Lines requested from a chip keep it open: `ButtonLine` and `MotorLine` hold a strong reference, so the
/// chip is closed only after every line is released (libgpiod 1.6 frees its line objects with the chip).
public final class GPIOChip {
    /// The shim's chip handle; the only raw pointer of this type, freed in `deinit`.
    let handle: OpaquePointer
    /// The kernel's name for the chip, e.g. `gpiochip0`.
    public let name: String
    /// The driver's label, e.g. `pinctrl-bcm2835` or `gpio-sim.0-node0`.
    public let label: String
    /// How many lines the chip has; valid offsets are `0..<lineCount`.
    public let lineCount: UInt32

    /// The version of the libgpiod underneath, as the library reports it (`1.6.3`, `2.2.1`).
    public static var libraryVersion: String { String(cString: metro_gpio_library_version()) }

    private init(handle: OpaquePointer, name: String, label: String, lineCount: UInt32) {
        self.handle = handle
        self.name = name
        self.label = label
        self.lineCount = lineCount
    }

    deinit {
        metro_gpio_chip_close(handle)
    }

    /// Opens a chip by path (`/dev/gpiochip0`), name (`gpiochip0`), label (`pinctrl-bcm2835`) or number (`0`).
    ///
    /// A missing chip throws `.noSuchChip` with the chips that do exist, so a typo in configuration is
    /// obvious: `no GPIO chip 'gpiochip9' (chips here: gpiochip0 [pinctrl-bcm2835])`.
    public static func open(_ spec: String) throws(GPIOError) -> GPIOChip {
        let path: String
        switch try GPIOChipSpec(parsing: spec) {
        case .path(let given):
            path = given
        case .number(let number):
            path = "/dev/gpiochip\(number)"
        case .nameOrLabel(let text):
            // A device node of that name wins; otherwise it can only be a label.
            if !text.contains("/") && nodeExists("/dev/" + text) {
                path = "/dev/" + text
            } else if let labelled = deviceNames().first(where: { describeChip(named: $0)?.label == text }) {
                path = "/dev/" + labelled
            } else {
                throw GPIOError(kind: .noSuchChip, errno: ENOENT,
                                message: "no GPIO chip '\(spec)' (\(describeAvailableChips().en))",
                                ukrainian: "немає мікросхеми GPIO '\(spec)' (\(describeAvailableChips().uk))")
            }
        }
        return try open(path: path, as: spec)
    }

    /// Opens the chip at `path`; `spec` is how the caller named it, for messages.
    private static func open(path: String, as spec: String) throws(GPIOError) -> GPIOChip {
        guard let handle = metro_gpio_chip_open(path) else {
            var code = errno
            // libgpiod 2.x checks that the path is a GPIO character device before it opens it, so a node this
            // process may not open can come back as "not a chip". Only a real open sees every reason the kernel
            // refuses it: file permissions, and also a cgroup device filter (systemd's DeviceAllow=). A
            // permission problem is named as one on both generations.
            if nodeExists(path) {
                let probe = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
                if probe >= 0 { Glibc.close(probe) } else if errno == EACCES || errno == EPERM { code = errno }
            }
            if code == ENOENT || code == ENODEV {
                let available = describeAvailableChips()
                throw GPIOError(kind: .noSuchChip, errno: code, message: "no GPIO chip '\(spec)' (\(available.en))",
                                ukrainian: "немає мікросхеми GPIO '\(spec)' (\(available.uk))")
            }
            throw GPIOError.system("opening GPIO chip '\(spec)'", uk: "відкриття мікросхеми GPIO '\(spec)'", errno: code)
        }
        var name = [CChar](repeating: 0, count: Int(METRO_GPIO_NAME_SIZE))
        var label = [CChar](repeating: 0, count: Int(METRO_GPIO_NAME_SIZE))
        var lineCount: UInt32 = 0
        guard metro_gpio_chip_describe(handle, &name, &label, &lineCount) == 0 else {
            let code = errno
            metro_gpio_chip_close(handle)
            throw GPIOError.system("reading the description of GPIO chip '\(spec)'",
                                   uk: "читання опису мікросхеми GPIO '\(spec)'", errno: code)
        }
        return GPIOChip(handle: handle, name: String(nulTerminated: name), label: String(nulTerminated: label),
                        lineCount: lineCount)
    }

    /// Whether `path` names a file at all. `stat`, not `access(F_OK)`: the kernel runs a cgroup device filter
    /// (systemd's `DevicePolicy=`/`DeviceAllow=`) on access() even for F_OK, so a chip the unit keeps out would
    /// look missing and its refusal would read "no GPIO chip" instead of naming the permission.
    static func nodeExists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The name and label of the chip `/dev/<name>`, or nil when it cannot be opened.
    fileprivate static func describeChip(named name: String) -> (name: String, label: String)? {
        guard let chip = try? open(path: "/dev/" + name, as: name) else { return nil }
        return (chip.name, chip.label)
    }

    /// The names of the GPIO character devices in `/dev`, sorted by number (`gpiochip0`, `gpiochip1`, …).
    public static func deviceNames() -> [String] {
        let names = (Files.entries(of: "/dev") ?? []).filter {
            $0.hasPrefix("gpiochip") && $0.dropFirst("gpiochip".count).allSatisfy(\.isASCIIDigit)
        }
        return names.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    }

    /// Finds a line by offset (`17`) or by its `gpio-line-names` name (`button`) and returns its offset.
    public func findLine(_ spec: String) throws(GPIOError) -> UInt32 {
        switch try GPIOLineSpec(parsing: spec) {
        case .offset(let offset):
            guard offset < lineCount else {
                throw GPIOError(kind: .noSuchLine, errno: EINVAL,
                                message: "no line \(offset) on \(name) (it has \(lineCount) lines, 0…\(lineCount &- 1))",
                                ukrainian: "немає лінії \(offset) на \(name) (ліній: \(lineCount), 0…\(lineCount &- 1))")
            }
            return offset
        case .name(let lineName):
            let found = metro_gpio_chip_find_line(handle, lineName)
            guard found >= 0, let offset = UInt32(exactly: found) else {
                let code = errno
                if code == ENOENT {
                    throw GPIOError(kind: .noSuchLine, errno: code, message: "no line named '\(lineName)' on \(name)",
                                    ukrainian: "немає лінії з назвою '\(lineName)' на \(name)")
                }
                throw GPIOError.system("looking up line '\(lineName)' on \(name)",
                                       uk: "пошук лінії '\(lineName)' на \(name)", errno: code)
            }
            return offset
        }
    }

    /// A line's name and current consumer, read fresh from the kernel; nil with errno set on failure.
    private func lineInfo(at offset: UInt32) -> (name: String, consumer: String)? {
        var lineName = [CChar](repeating: 0, count: Int(METRO_GPIO_NAME_SIZE))
        var consumer = [CChar](repeating: 0, count: Int(METRO_GPIO_NAME_SIZE))
        guard metro_gpio_line_describe(handle, offset, &lineName, &consumer) == 0 else { return nil }
        return (String(nulTerminated: lineName), String(nulTerminated: consumer))
    }

    /// How a line is named in messages: `line 17 on gpiochip0`, or `line 0 ('button') on gpiochip1`.
    func describeLine(at offset: UInt32) -> String { describeLineInBoth(at: offset).en }

    /// `describeLine` in English and Ukrainian (`лінія 17 на gpiochip0`), read once from the kernel.
    func describeLineInBoth(at offset: UInt32) -> (en: String, uk: String) {
        if let lineName = lineInfo(at: offset)?.name, !lineName.isEmpty {
            return ("line \(offset) ('\(lineName)') on \(name)", "лінія \(offset) ('\(lineName)') на \(name)")
        }
        return ("line \(offset) on \(name)", "лінія \(offset) на \(name)")
    }

    /// Requests the line at `offset`, turning EBUSY into a message naming the current holder; `role` says
    /// what the line was wanted as, for other errors. Returns the shim's request handle.
    func request(_ offset: UInt32, mode: metro_gpio_mode, bias: LineBias, activeLow: Bool, consumer: String,
                 as role: (en: String, uk: String)) throws(GPIOError) -> OpaquePointer {
        let line = describeLineInBoth(at: offset)
        guard offset < lineCount else {
            throw GPIOError.system("requesting \(line.en) as \(role.en)", uk: "запит: \(line.uk) як \(role.uk)", errno: EINVAL)
        }
        // The initial value is logical, so 0 is "off" whatever the active level: an output never twitches.
        let requested = metro_gpio_request_line(handle, offset, mode, bias.shimBias, activeLow, consumer, 0)
        guard let requested else {
            let code = errno
            if code == EBUSY {
                let holder = describeHolder(of: offset)
                throw GPIOError(kind: .busy, errno: code, message: "\(line.en) is busy (\(holder.en))",
                                ukrainian: "\(line.uk) зайнята (\(holder.uk))")
            }
            throw GPIOError.system("requesting \(line.en) as \(role.en)", uk: "запит: \(line.uk) як \(role.uk)", errno: code)
        }
        return requested
    }

    /// `used by 'sysfs'`, read fresh from the kernel, in English and Ukrainian.
    private func describeHolder(of offset: UInt32) -> (en: String, uk: String) {
        guard let info = lineInfo(at: offset) else {
            let failure = Errno.current, code = errno
            return ("its holder is unknown: \(failure) (errno \(code))", "хто її тримає, невідомо: «\(failure)» (errno \(code))")
        }
        return info.consumer.isEmpty ? ("used by an unnamed consumer", "її тримає споживач без назви")
            : ("used by '\(info.consumer)'", "її тримає '\(info.consumer)'")
    }
}

/// `chips here: gpiochip0 [pinctrl-bcm2835], gpiochip1 [raspberrypi-exp-gpio]` or why there are none, in English
/// and Ukrainian.
private func describeAvailableChips() -> (en: String, uk: String) {
    let names = GPIOChip.deviceNames()
    if names.isEmpty {
        return ("this system has no GPIO chips: /dev has no gpiochip devices",
                "у цій системі немає мікросхем GPIO: у /dev немає пристроїв gpiochipN")
    }
    let described = names.map { name -> String in
        guard let chip = GPIOChip.describeChip(named: name) else { return name }
        return "\(chip.name) [\(chip.label)]"
    }.joined(separator: ", ")
    return ("chips here: " + described, "мікросхеми тут: " + described)
}

extension String {
    /// The text in a buffer the shim filled, up to its NUL (the whole buffer if there is none).
    init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
