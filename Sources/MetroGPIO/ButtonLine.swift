internal import CGpioShim
import Glibc

/// A button: one line requested for both-edge events, whose file descriptor joins the event loop.
///
/// Events are logical: with `activeLow` the kernel reports a falling physical edge as a press.
public final class ButtonLine {
    /// The chip the line belongs to; held so the chip outlives the line.
    public let chip: GPIOChip
    /// The line's offset on `chip`.
    public let offset: UInt32
    /// The shim's request handle; nil once released.
    private var line: OpaquePointer?
    /// How the line is named in messages.
    private let lineDescription: String
    /// The same in Ukrainian.
    private let lineDescriptionUK: String
    /// The event file descriptor (readable when edges are pending), or -1 once released.
    public private(set) var fd: Int32

    /// Requests line `offset` of `chip` for both-edge events with `bias` and `activeLow`, as `consumer`.
    public init(chip: GPIOChip, offset: UInt32, bias: LineBias, activeLow: Bool,
                consumer: String = "metrotimer") throws(GPIOError) {
        let line = try chip.request(offset, mode: METRO_GPIO_BOTH_EDGES, bias: bias, activeLow: activeLow,
                                    consumer: consumer, as: ("a button (both-edge events)", "кнопка (події обох фронтів)"))
        let eventFD = metro_gpio_request_fd(line)
        // Nonblocking, so a read can never hang the caller's loop, even if the chip vanishes between the
        // readiness check and the read.
        let fileFlags = fcntl(eventFD, F_GETFL)
        guard fileFlags >= 0, fcntl(eventFD, F_SETFL, fileFlags | O_NONBLOCK) == 0 else {
            let code = errno
            metro_gpio_request_release(line)
            throw GPIOError.system("making the event fd of \(chip.describeLine(at: offset)) nonblocking",
                                   uk: "неблокувальний дескриптор подій: \(chip.describeLineInBoth(at: offset).uk)", errno: code)
        }
        self.chip = chip
        self.offset = offset
        self.line = line
        (self.lineDescription, self.lineDescriptionUK) = chip.describeLineInBoth(at: offset)
        self.fd = eventFD
    }

    deinit {
        release()
    }

    /// The current logical level: `true` while pressed.
    public var value: Bool {
        get throws(GPIOError) {
            let line = try requested("reading", uk: "читання")
            let level = metro_gpio_request_get_value(line)
            guard level >= 0 else { throw GPIOError.system("reading \(lineDescription)", uk: "читання: \(lineDescriptionUK)", errno: errno) }
            return level == 1
        }
    }

    /// Every edge the kernel has queued, oldest first, without blocking (empty when none is pending).
    ///
    /// Call when `fd` polls readable; draining completely keeps a level-triggered loop from spinning.
    public func readEvents() throws(GPIOError) -> [ButtonEdge] {
        let line = try requested("reading events of", uk: "читання подій")
        var edges: [ButtonEdge] = []
        var buffer = [metro_gpio_edge](repeating: metro_gpio_edge(), count: 16)
        while true {
            // A zero-timeout poll first: it reports a hang-up or an error on the fd, which a read of an
            // empty queue would hide.
            let ready = metro_gpio_request_edges_pending(line)
            if ready < 0 { throw GPIOError.system("waiting for events on \(lineDescription)", uk: "очікування подій: \(lineDescriptionUK)", errno: errno) }
            if ready == 0 { return edges }
            let count = buffer.withUnsafeMutableBufferPointer { events in
                metro_gpio_request_read_edges(line, events.baseAddress, UInt32(events.count))
            }
            if count < 0 {
                let code = errno
                if code == EAGAIN { return edges }
                throw GPIOError.system("reading events of \(lineDescription)", uk: "читання подій: \(lineDescriptionUK)", errno: code)
            }
            for event in buffer.prefix(Int(count)) {
                // A timestamp past Int64.max nanoseconds (292 years of uptime) cannot come from a kernel.
                edges.append(ButtonEdge(pressed: event.rising, kernelTimestampNs: Int64(clamping: event.timestamp_ns)))
            }
        }
    }

    /// Gives the line back to the kernel; idempotent.
    public func release() {
        guard let line else { return }
        metro_gpio_request_release(line)
        self.line = nil
        fd = -1
    }

    /// The line while requested, or an error saying it was already released.
    private func requested(_ doing: String, uk: String) throws(GPIOError) -> OpaquePointer {
        guard let line else {
            throw GPIOError(kind: .system, errno: EBADF, message: "\(doing) \(lineDescription): the button was released",
                            ukrainian: "\(uk): \(lineDescriptionUK): кнопку вже звільнено")
        }
        return line
    }
}
