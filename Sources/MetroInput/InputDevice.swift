internal import CInputShim
import Glibc
import MetroSystem

/// An open evdev node (`/dev/input/eventN`): the descriptor and the input ioctls on it, errors as `InputError`.
///
/// The descriptor is nonblocking and close-on-exec; it closes when the object goes.
public final class InputDevice {
    /// The path it was opened by (a `/dev/input/by-path/` link stays a link here; messages show it).
    public let path: String
    /// The name the kernel reports (EVIOCGNAME), e.g. `gpio-keys`.
    public let name: String
    /// The open descriptor; joins the event loop.
    public let descriptor: FileDescriptor

    /// The descriptor's number, for the event loop.
    public var fd: Int32 { descriptor.rawValue }

    /// How the device is named in messages: `/dev/input/event2 ('gpio-keys')`.
    public var described: String { "\(path) ('\(name)')" }

    /// Opens `path` (read-only, or read-write when force feedback will be played) and checks it is an evdev
    /// node. A path that is not one (`/dev/null`, a regular file) fails with `.notAnInputDevice`.
    public init(path: String, writable: Bool) throws(InputError) {
        let flags = (writable ? O_RDWR : O_RDONLY) | O_NONBLOCK | O_CLOEXEC
        let fd = Glibc.open(path, flags)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw InputError(kind: .noSuchDevice, errno: code, message: "no input device \(path) (no such file)",
                                 ukrainian: "немає пристрою вводу \(path) (такого файлу немає)")
            }
            throw InputError.system("opening \(path)", uk: "відкриття \(path)", errno: code)
        }
        let descriptor = FileDescriptor(owning: fd)
        guard metro_input_driver_version(fd) >= 0 else {
            let code = errno
            throw InputError(kind: .notAnInputDevice, errno: code,
                             message: "\(path) is not an input event device (EVIOCGVERSION: \(Errno(rawValue: code)))",
                             ukrainian: "\(path) — не пристрій подій вводу (EVIOCGVERSION: «\(Errno(rawValue: code))»)")
        }
        var buffer = [CChar](repeating: 0, count: 256)
        guard metro_input_name(fd, &buffer, buffer.count) == 0 else {
            throw InputError.system("reading the name of \(path)", uk: "читання назви \(path)", errno: errno)
        }
        self.path = path
        self.name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.descriptor = descriptor
    }

    /// Stamps events on `CLOCK_BOOTTIME` from now on (EVIOCSCLOCKID), so a press's timestamp is a trip instant.
    public func useBoottimeClock() throws(InputError) {
        guard metro_input_use_boottime_clock(fd) == 0 else {
            throw InputError.system("setting the event clock of \(described) to CLOCK_BOOTTIME",
                                    uk: "перемикання годинника подій \(described) на CLOCK_BOOTTIME", errno: errno)
        }
    }

    /// Takes the device for this descriptor alone (EVIOCGRAB 1), or gives it back (0).
    public func grab(_ exclusive: Bool) throws(InputError) {
        guard metro_input_grab(fd, exclusive ? 1 : 0) == 0 else {
            let code = errno
            if code == EBUSY {
                throw InputError(kind: .system, errno: code, message: "\(described) is grabbed by another program (EVIOCGRAB: busy)",
                                 ukrainian: "\(described) захопила інша програма (EVIOCGRAB: зайнято)")
            }
            throw InputError.system("\(exclusive ? "grabbing" : "releasing") \(described)",
                                    uk: "\(exclusive ? "захоплення" : "звільнення") \(described)", errno: code)
        }
    }

    /// Whether the device can report `code` (its EV_KEY capability bits).
    public func hasKey(_ code: UInt16) throws(InputError) -> Bool {
        try capability("reading the key bits of", uk: "читання бітів клавіш", metro_input_has_key(fd, Int32(code)))
    }

    /// Whether the key is held down now (EVIOCGKEY): the level to start from, and after dropped events.
    public func isKeyDown(_ code: UInt16) throws(InputError) -> Bool {
        try capability("reading the key state of", uk: "читання стану клавіші", metro_input_key_is_down(fd, Int32(code)))
    }

    /// Whether the device has force feedback at all (EV_FF among its event types).
    public func hasForceFeedback() throws(InputError) -> Bool {
        try capability("reading the event types of", uk: "читання типів подій", metro_input_has_event_type(fd, metro_input_ev_ff()))
    }

    /// Whether the device plays force-feedback effects of this kind.
    public func hasEffect(_ effect: ForceFeedbackEffect) throws(InputError) -> Bool {
        try capability("reading the force-feedback bits of", uk: "читання бітів віддачі", metro_input_has_ff(fd, effect.code))
    }

    /// How many effects the device holds at once (EVIOCGEFFECTS).
    public func effectsMax() throws(InputError) -> Int {
        let count = metro_input_effects_max(fd)
        guard count >= 0 else { throw InputError.system("reading the effect count of \(described)",
                                                              uk: "читання кількості ефектів \(described)", errno: errno) }
        return Int(count)
    }

    /// Every event pending, oldest first, without blocking (empty when none is). Drains the descriptor, so a
    /// level-triggered loop does not spin.
    public func readEvents() throws(InputError) -> [InputEvent] {
        try Self.readEvents(fd: fd, describing: described)
    }

    /// Reads whole `struct input_event`s from any descriptor (an evdev node, or a pipe in tests) until none is
    /// pending. A read cut inside an event fails with EIO.
    public static func readEvents(fd: Int32, describing: String) throws(InputError) -> [InputEvent] {
        var events: [InputEvent] = []
        var buffer = [metro_input_event](repeating: metro_input_event(), count: 64)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { raw in
                metro_input_read_events(fd, raw.baseAddress, Int32(raw.count))
            }
            if count < 0 { throw InputError.system("reading events of \(describing)", uk: "читання подій \(describing)", errno: errno) }
            if count == 0 { return events }
            for raw in buffer.prefix(Int(count)) {
                events.append(InputEvent(type: raw.type, code: raw.code, value: raw.value, timestampNs: raw.timestamp_ns))
            }
            // A short batch means the queue is empty; a full one may have more behind it.
            if Int(count) < buffer.count { return events }
        }
    }

    /// Uploads a force-feedback effect (`FF_RUMBLE` at `magnitude` when the device has it, else `FF_PERIODIC`)
    /// that the kernel stops by itself after `lengthMs`: the effect id and the kind uploaded.
    public func uploadEffect(magnitude: UInt16, lengthMs: UInt16) throws(InputError) -> (id: Int32, effect: ForceFeedbackEffect) {
        if try hasEffect(.rumble) {
            let id = metro_input_upload_rumble(fd, magnitude, lengthMs)
            guard id >= 0 else { throw InputError.system("uploading a rumble effect to \(described)",
                                                        uk: "завантаження ефекту FF_RUMBLE у \(described)", errno: errno) }
            return (id, .rumble)
        }
        if try hasEffect(.periodic) {
            let id = metro_input_upload_periodic(fd, Int16(clamping: Int(magnitude) / 2), lengthMs)
            guard id >= 0 else { throw InputError.system("uploading a periodic effect to \(described)",
                                                        uk: "завантаження ефекту FF_PERIODIC у \(described)", errno: errno) }
            return (id, .periodic)
        }
        throw InputError(kind: .noForceFeedback, errno: 0, message: "\(described) plays neither FF_RUMBLE nor FF_PERIODIC effects",
                         ukrainian: "\(described) не відтворює ні FF_RUMBLE, ні FF_PERIODIC")
    }

    /// Plays (1) or stops (0) effect `id`: one `EV_FF` event written to the device.
    public func playEffect(_ id: Int32, _ play: Bool) throws(InputError) {
        guard metro_input_play_effect(fd, id, play ? 1 : 0) == 0 else {
            throw InputError.system("\(play ? "playing" : "stopping") effect \(id) on \(described)",
                                    uk: "\(play ? "відтворення" : "зупинка") ефекту \(id) на \(described)", errno: errno)
        }
    }

    /// Removes effect `id` from the device (EVIOCRMFF).
    public func eraseEffect(_ id: Int32) throws(InputError) {
        guard metro_input_erase_effect(fd, id) == 0 else {
            throw InputError.system("erasing effect \(id) on \(described)", uk: "видалення ефекту \(id) з \(described)", errno: errno)
        }
    }

    private func capability(_ doing: String, uk: String, _ result: Int32) throws(InputError) -> Bool {
        guard result >= 0 else { throw InputError.system("\(doing) \(described)", uk: "\(uk) \(described)", errno: errno) }
        return result == 1
    }
}
