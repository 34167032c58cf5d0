import Glibc
import MetroSystem

/// An IIO accelerometer read through its buffer: the x, y, z and timestamp scan elements enabled, its own trigger,
/// timestamps on `CLOCK_BOOTTIME`, and a watermark so that the descriptor becomes readable about once per
/// `wakeEverySeconds`, not per sample. Plain sysfs files and `read()` on `/dev/iio:deviceN`: nothing else.
///
/// `open` finds the device and opens its character device (which fails with EBUSY while another reader, such as
/// iio-sensor-proxy, holds it); `start` sets the buffer up and enables it; `stop` disables it and closes, so an
/// idle daemon holds nothing and nothing wakes it.
public final class IIOAccelerometer {
    /// Where the IIO devices are in sysfs, and their character devices (tests use other directories).
    public static let defaultSysfs = "/sys/bus/iio/devices"
    public static let defaultDev = "/dev"

    /// The kernel's name of the device (`accel_3d`, `lis3dh`, `mpu6050`).
    public let name: String
    /// The device's sysfs directory name (`iio:device0`).
    public let node: String
    /// The character device read (`/dev/iio:device0`).
    public let devicePath: String
    private let attributes: SysfsAttributes
    private let sysfs: String
    /// The buffer's folder: `buffer`, or `buffer0` on kernels that name each of several buffers.
    private let bufferFolder: String
    private var descriptor: FileDescriptor?
    private var layout: ScanLayout?
    private var axes: [(channel: ScanLayout.Channel, scale: Double, offset: Double)] = []
    private var timestamp: ScanLayout.Channel?

    /// How the device is named in messages: `/dev/iio:device0 ('accel_3d')`.
    public var described: String { "\(devicePath) ('\(name)')" }

    /// The open descriptor's number while started, for the event loop.
    public var fd: Int32? { descriptor.map(\.rawValue) }

    /// The x, y, z scan element names of an accelerometer.
    static let axisNames = ["in_accel_x", "in_accel_y", "in_accel_z"]

    /// Finds the device `spec` names: a path (`/dev/iio:device0`, `/sys/bus/iio/devices/iio:device0`), a node
    /// (`iio:device0`), or the name the kernel reports (`accel_3d`). A name matching no device lists the
    /// accelerometers found.
    public init(_ spec: String, sysfs: String = defaultSysfs, dev: String = defaultDev) throws(IIOError) {
        let chosen = try IIODeviceLookup.find(spec, sysfs: sysfs)
        name = chosen.name
        node = chosen.node
        devicePath = "\(dev)/\(chosen.node)"
        self.sysfs = sysfs
        attributes = SysfsAttributes(directory: "\(sysfs)/\(chosen.node)")
        bufferFolder = attributes.exists("buffer/enable") || !attributes.exists("buffer0/enable") ? "buffer" : "buffer0"
        for axis in Self.axisNames where !attributes.exists("scan_elements/\(axis)_en") {
            throw IIOError(kind: .unsupported, errno: 0,
                           message: "\(described) is not a buffered accelerometer (no scan element \(axis))",
                           ukrainian: "\(described) — не акселерометр із буфером (немає елемента сканування \(axis))")
        }
    }

    /// Sets the buffer up (x, y, z and the timestamp; `CLOCK_BOOTTIME`; the device's own trigger; about
    /// `samplesPerSecond` if the rate can be set; a watermark of `wakeEverySeconds` of samples), opens the
    /// character device and enables the buffer. Returns the rate the device reports.
    @discardableResult
    public func start(samplesPerSecond: Double, wakeEverySeconds: Double) throws(IIOError) -> Double {
        stop()
        // Opened first: a device another reader holds says EBUSY here, before anything of theirs is changed.
        let fd = Glibc.open(devicePath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == EBUSY {
                throw IIOError(kind: .busy, errno: code,
                               message: "\(described) is in use by another reader (EBUSY; iio-sensor-proxy?): motion is unavailable",
                               ukrainian: "\(described) використовує інший читач (EBUSY; iio-sensor-proxy?): рух недоступний")
            }
            if code == ENOENT {
                throw IIOError(kind: .noSuchDevice, errno: code, message: "no character device \(devicePath) for '\(name)'",
                               ukrainian: "немає символьного пристрою \(devicePath) для '\(name)'")
            }
            throw IIOError.system("opening \(devicePath)", uk: "відкриття \(devicePath)", errno: code)
        }
        let descriptor = FileDescriptor(owning: fd)
        let enable = "\(bufferFolder)/enable"
        try attributes.write(enable, "0")
        // Exactly x, y, z and the timestamp: a channel left enabled by someone else would change the layout.
        for entry in attributes.entries("scan_elements") where entry.hasSuffix("_en") {
            let channel = String(entry.dropLast(3))
            let wanted = Self.axisNames.contains(channel) || channel == "in_timestamp"
            try attributes.write("scan_elements/\(entry)", wanted ? "1" : "0")
        }
        guard attributes.exists("scan_elements/in_timestamp_en") else {
            throw unsupported("has no timestamp scan element", uk: "не має елемента сканування часу")
        }
        guard attributes.exists("current_timestamp_clock") else {
            throw unsupported("cannot stamp on CLOCK_BOOTTIME (no current_timestamp_clock)",
                              uk: "не вміє ставити мітки CLOCK_BOOTTIME (немає current_timestamp_clock)")
        }
        try attributes.write("current_timestamp_clock", "boottime")
        try chooseTrigger()
        let rate = try setRate(samplesPerSecond)
        let watermark = max(1, Int((rate * wakeEverySeconds).rounded()))
        try attributes.write("\(bufferFolder)/length", String(max(watermark * 4, 64)))
        if attributes.exists("\(bufferFolder)/watermark") { try attributes.write("\(bufferFolder)/watermark", String(watermark)) }
        layout = try readLayout()
        try attributes.write(enable, "1")
        self.descriptor = descriptor
        return rate
    }

    /// Disables a buffer left enabled by a reader that died without disabling it (a daemon killed while riding),
    /// so the sensor does not run for nothing until the next ride. Only when nobody holds the device: it opens
    /// (another reader, iio-sensor-proxy, would make that fail with EBUSY, and its buffer is left alone). Whether
    /// a buffer was disabled.
    public func disableStaleBuffer() -> Bool {
        guard descriptor == nil, (try? attributes.read("\(bufferFolder)/enable")) == "1" else { return false }
        let fd = Glibc.open(devicePath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        return (try? attributes.write("\(bufferFolder)/enable", "0")) != nil
    }

    /// Disables the buffer and closes the character device; nothing when not started.
    public func stop() {
        guard let descriptor else { return }
        try? attributes.write("\(bufferFolder)/enable", "0")
        try? descriptor.close()
        self.descriptor = nil
    }

    deinit { stop() }

    /// The whole scans waiting in the buffer, at most `maximumScans` (the rest are read next time): empty when
    /// none are waiting.
    public func read(maximumScans: Int = 256) throws(IIOError) -> [AccelerometerReading] {
        guard let descriptor, let layout, let timestamp else { return [] }
        let size = layout.scanBytes
        var bytes = [UInt8](repeating: 0, count: size * max(1, maximumScans))
        let count: Int
        do {
            guard let got = try bytes.withUnsafeMutableBytes({ try descriptor.read(into: $0) }) else { return [] }
            count = got
        } catch let failure as SystemError {
            throw IIOError.system("reading \(devicePath)", uk: "читання \(devicePath)", errno: failure.errno.rawValue)
        } catch {
            throw IIOError.system("reading \(devicePath)", uk: "читання \(devicePath)", errno: EIO)
        }
        // A buffer never ends (with nothing waiting, a nonblocking read says EAGAIN): an end of file is a device
        // gone, which would otherwise leave the descriptor readable and wake the loop for nothing at every turn.
        if count == 0 { throw IIOError.system("reading \(devicePath)", uk: "читання \(devicePath)", errno: ENODEV) }
        var readings: [AccelerometerReading] = []
        readings.reserveCapacity(count / size)
        var start = 0
        while start + size <= count {
            var values: [Double] = []
            for axis in axes {
                let raw = Double(layout.value(axis.channel, in: bytes, scanAt: start))
                values.append((raw + axis.offset) * axis.scale)
            }
            readings.append(AccelerometerReading(boottimeNanoseconds: layout.value(timestamp, in: bytes, scanAt: start),
                                                 x: values[0], y: values[1], z: values[2]))
            start += size
        }
        return readings
    }

    /// Whether the buffer has something to fill it: the device's own interrupt (no trigger attribute), a trigger set
    /// already (an hrtimer trigger the system made for it), or a trigger of its own to set. A device without any
    /// (an I²C part whose interrupt line the board does not wire) can only be polled.
    public var hasTrigger: Bool {
        guard attributes.exists("trigger/current_trigger") else { return true }
        if let current = (try? attributes.read("trigger/current_trigger")) ?? nil, !current.isEmpty { return true }
        return ownTrigger().found != nil
    }

    /// The trigger named after the device (`accel_3d-dev0` for `accel_3d`), and the names of every trigger seen.
    private func ownTrigger() -> (found: String?, names: [String]) {
        let root = SysfsAttributes(directory: sysfs)
        var names: [String] = []
        for trigger in root.entries().filter({ $0.hasPrefix("trigger") }).sorted() {
            guard let triggerName = (try? SysfsAttributes(directory: "\(sysfs)/\(trigger)").read("name")) ?? nil else { continue }
            names.append(triggerName)
        }
        return (names.first { $0.hasPrefix("\(name)-") }, names)
    }

    /// The device's own trigger, unless one is set already; none needed when the device has no trigger attribute
    /// (it fills its buffer from its own interrupt).
    private func chooseTrigger() throws(IIOError) {
        guard attributes.exists("trigger/current_trigger") else { return }
        if let current = try attributes.read("trigger/current_trigger"), !current.isEmpty { return }
        let (own, names) = ownTrigger()
        guard let own else {
            let listing = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw unsupported("has no trigger of its own (triggers: \(listing)); set trigger/current_trigger first",
                              uk: "не має власного тригера (тригери: \(listing)); спершу задайте trigger/current_trigger")
        }
        try attributes.write("trigger/current_trigger", own)
    }

    /// Sets the sampling rate where the device lets it, and returns the rate it reports (the wanted one when it
    /// reports none).
    /// The highest sampling rate taken from a device, in samples a second (accelerometers give a few kHz at most).
    static let highestRate = 100_000.0

    private func setRate(_ wanted: Double) throws(IIOError) -> Double {
        for file in ["in_accel_sampling_frequency", "sampling_frequency"] where attributes.exists(file) {
            try? attributes.write(file, String(Int(wanted.rounded())))
            // Held to what an accelerometer can give: a value read from sysfs must not overflow the watermark.
            if let rate = try attributes.number(file), rate > 0 { return min(rate, Self.highestRate) }
        }
        return wanted
    }

    /// The enabled channels' layout, each axis's scale and offset (m/s² = (raw + offset) × scale).
    private func readLayout() throws(IIOError) -> ScanLayout {
        var enabled: [(name: String, index: Int, type: ScanType)] = []
        for channel in Self.axisNames + ["in_timestamp"] {
            let base = "scan_elements/\(channel)"
            guard let indexText = try attributes.read("\(base)_index"), let index = Int(indexText) else {
                throw unsupported("has no readable \(base)_index", uk: "не має читабельного \(base)_index")
            }
            guard let typeText = try attributes.read("\(base)_type"), let type = ScanType(typeText), type.repeatCount == 1 else {
                throw unsupported("has a scan type this reader does not know in \(base)_type",
                                  uk: "має невідомий тип сканування в \(base)_type")
            }
            enabled.append((channel, index, type))
        }
        guard let layout = ScanLayout(enabled) else {
            throw unsupported("has two scan elements with one index", uk: "має два елементи сканування з одним індексом")
        }
        axes = []
        for axis in Self.axisNames {
            let scale = try attributes.number("\(axis)_scale", or: "in_accel_scale") ?? 1
            let offset = try attributes.number("\(axis)_offset", or: "in_accel_offset") ?? 0
            axes.append((layout.channel(axis)!, scale, offset))
        }
        timestamp = layout.channel("in_timestamp")
        return layout
    }

    private func unsupported(_ what: String, uk: String) -> IIOError {
        IIOError(kind: .unsupported, errno: 0, message: "\(described) \(what)", ukrainian: "\(described) \(uk)")
    }
}
