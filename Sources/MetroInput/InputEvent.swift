/// One event read from an evdev descriptor (`struct input_event`), its time in nanoseconds on the clock the
/// descriptor was set to (`CLOCK_BOOTTIME` after `InputDevice.useBoottimeClock()`).
public struct InputEvent: Sendable, Equatable {
    /// `EV_SYN`, `EV_KEY`, `EV_FF`, …
    public var type: UInt16
    /// The key code for `EV_KEY`, `SYN_REPORT`/`SYN_DROPPED` for `EV_SYN`, the effect id for `EV_FF`.
    public var code: UInt16
    /// For `EV_KEY`: 1 pressed, 0 released, 2 autorepeat.
    public var value: Int32
    /// When the kernel stamped the event, in nanoseconds.
    public var timestampNs: Int64

    /// Creates an event from its parts.
    public init(type: UInt16, code: UInt16, value: Int32, timestampNs: Int64) {
        self.type = type
        self.code = code
        self.value = value
        self.timestampNs = timestampNs
    }
}
