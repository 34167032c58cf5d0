/// One scan of an accelerometer's buffer, in the IIO ABI's units: m/s² on the device's axes (gravity included),
/// stamped by the kernel on `CLOCK_BOOTTIME`.
public struct AccelerometerReading: Equatable, Sendable {
    /// The kernel's timestamp of the scan (nanoseconds of `CLOCK_BOOTTIME`).
    public var boottimeNanoseconds: Int64
    public var x: Double
    public var y: Double
    public var z: Double

    public init(boottimeNanoseconds: Int64, x: Double, y: Double, z: Double) {
        self.boottimeNanoseconds = boottimeNanoseconds
        self.x = x
        self.y = y
        self.z = z
    }
}
