/// How an accelerometer is read: through its buffer, or polled through its raw attributes when it has no buffer or
/// nothing to fill one (no interrupt, no trigger set, none of its own). The one place that decides it, so the
/// daemon and `--check-config` cannot disagree about a device.
public enum AccelerometerChoice {
    case buffered(IIOAccelerometer)
    case polled(IIOPolledAccelerometer)

    /// The device `spec` names, read the way it can be. A buffered device that cannot be polled is read through its
    /// buffer even with nothing found to fill it (its trigger may appear before a ride). Touches nothing: the
    /// buffer is not enabled and no attribute stays open.
    public static func open(_ spec: String, sysfs: String = IIOAccelerometer.defaultSysfs,
                            dev: String = IIOAccelerometer.defaultDev) throws(IIOError) -> AccelerometerChoice
    {
        var buffered: IIOAccelerometer?
        var refusal: IIOError?
        do { buffered = try IIOAccelerometer(spec, sysfs: sysfs, dev: dev) } catch { refusal = error }
        if let refusal, refusal.kind != .unsupported { throw refusal }
        if buffered?.hasTrigger != true, let polled = try? IIOPolledAccelerometer(spec, sysfs: sysfs) {
            return .polled(polled)
        }
        if let buffered { return .buffered(buffered) }
        throw refusal ?? IIOError(kind: .unsupported, errno: 0, message: "'\(spec)' is no accelerometer",
                                  ukrainian: "'\(spec)' — не акселерометр")
    }

    /// How the device is named in messages.
    public var described: String {
        switch self {
        case .buffered(let sensor): sensor.described
        case .polled(let sensor): sensor.described
        }
    }
}
