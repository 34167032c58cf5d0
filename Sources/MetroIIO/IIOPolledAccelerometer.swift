import Glibc
import MetroSystem

/// An IIO accelerometer without a buffer — a part whose interrupt line the board does not wire, as the Librem 5's
/// LSM9DS1 is exposed — read one sample at a time from its `in_accel_{x,y,z}_raw` attributes, each read stamped
/// on `CLOCK_BOOTTIME` as it returns. The owner decides when to read (a timer at the rate it wants); this type
/// only opens the three files once and reads them again from their start, so a sample costs three `pread`s.
///
/// `start` opens the attributes and `stop` closes them, so an idle daemon holds nothing.
public final class IIOPolledAccelerometer {
    /// The kernel's name of the device (`lsm9ds1_accel`).
    public let name: String
    /// The device's sysfs directory name (`iio:device0`).
    public let node: String
    private let attributes: SysfsAttributes
    private var axes: [(file: FileDescriptor, path: String, scale: Double, offset: Double)] = []

    /// How the device is named in messages: `/sys/bus/iio/devices/iio:device0 ('lsm9ds1_accel', polled)`.
    public var described: String { "\(attributes.directory) ('\(name)', polled)" }

    /// Whether the attributes are open.
    public var isStarted: Bool { !axes.isEmpty }

    /// Finds the device `spec` names (as `IIOAccelerometer` does); a device without the three raw attributes is
    /// no accelerometer this reader can poll.
    public init(_ spec: String, sysfs: String = IIOAccelerometer.defaultSysfs) throws(IIOError) {
        let chosen = try IIODeviceLookup.find(spec, sysfs: sysfs)
        name = chosen.name
        node = chosen.node
        attributes = SysfsAttributes(directory: "\(sysfs)/\(chosen.node)")
        for axis in IIOAccelerometer.axisNames where !attributes.exists("\(axis)_raw") {
            throw IIOError(kind: .unsupported, errno: 0, message: "\(described) is not an accelerometer (no \(axis)_raw)",
                           ukrainian: "\(described) — не акселерометр (немає \(axis)_raw)")
        }
    }

    /// Opens the three raw attributes and reads each axis's scale and offset (m/s² = (raw + offset) × scale).
    public func start() throws(IIOError) {
        stop()
        var opened: [(file: FileDescriptor, path: String, scale: Double, offset: Double)] = []
        for axis in IIOAccelerometer.axisNames {
            let scale = try attributes.number("\(axis)_scale", or: "in_accel_scale") ?? 1
            let offset = try attributes.number("\(axis)_offset", or: "in_accel_offset") ?? 0
            let path = attributes.path("\(axis)_raw")
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                let code = errno
                for axis in opened { try? axis.file.close() }
                throw IIOError.system("opening \(path)", uk: "відкриття \(path)", errno: code)
            }
            opened.append((FileDescriptor(owning: fd), path, scale, offset))
        }
        axes = opened
    }

    /// Closes the attributes; nothing when not started.
    public func stop() {
        for axis in axes { try? axis.file.close() }
        axes = []
    }

    deinit { stop() }

    /// One sample now; nil when not started.
    public func read() throws(IIOError) -> AccelerometerReading? {
        guard !axes.isEmpty else { return nil }
        var values: [Double] = []
        for axis in axes {
            let raw = try Self.number(axis.file, path: axis.path)
            values.append((raw + axis.offset) * axis.scale)
        }
        return AccelerometerReading(boottimeNanoseconds: Clocks.now(.boottime), x: values[0], y: values[1], z: values[2])
    }

    /// The attribute's number, read again from its start.
    private static func number(_ file: FileDescriptor, path: String) throws(IIOError) -> Double {
        var bytes = [UInt8](repeating: 0, count: 32)
        var got: Int
        repeat {
            got = bytes.withUnsafeMutableBytes { pread(file.rawValue, $0.baseAddress, $0.count, 0) }
        } while got < 0 && errno == EINTR
        guard got >= 0 else { throw IIOError.system("reading \(path)", uk: "читання \(path)", errno: errno) }
        return try SysfsAttributes.number(String(decoding: bytes[..<got], as: UTF8.self).trimmingTrailingWhitespace(),
                                          path: path)
    }
}
