/// One accelerometer reading: device axes in m/s², gravity included, at an instant of the model's boot-time timeline.
public struct AccelerationSample: Sendable, Equatable {
    public var at: Instant
    public var x: Double
    public var y: Double
    public var z: Double
    public init(at: Instant, x: Double, y: Double, z: Double) {
        self.at = at
        self.x = x
        self.y = y
        self.z = z
    }
}
