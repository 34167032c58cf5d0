internal import CInputShim

/// One change of a key, as the kernel saw it.
public struct KeyEdge: Sendable, Equatable {
    /// The key code (`KEY_VOLUMEUP` is 115).
    public var code: UInt16
    /// `true` when the key is now down.
    public var pressed: Bool
    /// When the kernel stamped the event, in nanoseconds on `CLOCK_BOOTTIME`.
    public var boottimeNs: Int64

    /// Creates an edge from its parts.
    public init(code: UInt16, pressed: Bool, boottimeNs: Int64) {
        self.code = code
        self.pressed = pressed
        self.boottimeNs = boottimeNs
    }
}

/// What one read of a key device brought.
public struct KeyRead: Sendable, Equatable {
    /// The edges of the watched keys, oldest first.
    public var edges: [KeyEdge]
    /// Whether the kernel dropped events (its buffer overflowed, `SYN_DROPPED`): edges are missing, so the
    /// caller forgets any press in progress and takes `edges` (all after the drop) as a fresh start.
    public var dropped: Bool

    /// Creates a read from its parts.
    public init(edges: [KeyEdge], dropped: Bool = false) {
        self.edges = edges
        self.dropped = dropped
    }
}

/// Keys of one evdev device used as buttons: events stamped on `CLOCK_BOOTTIME` (EVIOCSCLOCKID), so a press's
/// timestamp is the kernel's instant of the press, optionally grabbed (EVIOCGRAB) so no other program sees them.
public final class KeyButton {
    /// The device the keys are on.
    public let device: InputDevice
    /// The watched key codes.
    public let codes: [UInt16]
    /// Whether the device is grabbed.
    public let grabbed: Bool

    /// Opens `spec` (a path or a device name), checks it has every key of `codes`, sets the event clock and
    /// grabs it when asked. A device without one of the keys fails with `.noSuchKey`.
    public convenience init(spec: String, codes: [UInt16], grab: Bool,
                            directory: String = InputDeviceLookup.defaultDirectory) throws(InputError) {
        try self.init(device: InputDeviceLookup.open(spec, writable: false, directory: directory), codes: codes, grab: grab)
    }

    /// Watches `codes` on an open device.
    public init(device: InputDevice, codes: [UInt16], grab: Bool) throws(InputError) {
        for code in codes where try !device.hasKey(code) {
            throw InputError(kind: .noSuchKey, errno: 0, message: "\(device.described) has no key \(KeyNames.name(of: code))",
                             ukrainian: "у \(device.described) немає клавіші \(KeyNames.name(of: code))")
        }
        try device.useBoottimeClock()
        if grab { try device.grab(true) }
        self.device = device
        self.codes = codes
        self.grabbed = grab
    }

    /// Whether `code` is held down now.
    public func isDown(_ code: UInt16) throws(InputError) -> Bool { try device.isKeyDown(code) }

    /// Every pending event, reduced to the watched keys' edges.
    public func read() throws(InputError) -> KeyRead {
        KeyButton.edges(of: try device.readEvents(), watching: codes)
    }

    /// The edges of `codes` among `events`: `EV_KEY` value 1 is a press and 0 a release; 2 (autorepeat while
    /// held) is no edge. After `SYN_DROPPED` every event up to and including the next `SYN_REPORT` belongs to
    /// a packet the kernel cut short, so it is ignored (the kernel's documented protocol).
    public static func edges(of events: [InputEvent], watching codes: [UInt16]) -> KeyRead {
        let evSyn = UInt16(metro_input_ev_syn()), evKey = UInt16(metro_input_ev_key())
        let synReport = UInt16(metro_input_syn_report()), synDropped = UInt16(metro_input_syn_dropped())
        var read = KeyRead(edges: [])
        var discarding = false
        for event in events {
            if event.type == evSyn {
                if event.code == synDropped {
                    read.dropped = true
                    discarding = true
                    // The caller starts afresh after a drop: edges before it would only describe a press whose
                    // end may be among the lost events.
                    read.edges.removeAll()
                } else if event.code == synReport {
                    discarding = false
                }
                continue
            }
            guard !discarding, event.type == evKey, codes.contains(event.code), event.value == 0 || event.value == 1 else { continue }
            read.edges.append(KeyEdge(code: event.code, pressed: event.value == 1, boottimeNs: event.timestampNs))
        }
        return read
    }
}
