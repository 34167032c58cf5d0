internal import CGPS

/// A connection to gpsd streaming position reports, whose socket joins the caller's event loop.
///
/// Use: `open` it, add `fd` to epoll for reading, call `readAvailable()` each time it is readable, `close()`
/// when done or when `readAvailable()` says `.disconnected`. Nothing here blocks once open: the socket is
/// non-blocking and a drain stops at the first incomplete line. One thread only (the event loop's).
public final class GPSDSession {
    /// The address this session was opened with.
    public let address: GPSDAddress
    /// The libgps session; nil once closed. The only place an unsafe pointer lives in this module.
    private var handle: OpaquePointer?
    /// Set when libgps reported the end of the connection: nothing more is read or written on it.
    private var gone = false
    /// Whether gpsd has sent at least one complete message (it greets every client with VERSION at once). A peer
    /// that accepts the connection and closes it without a word never sets it: that connection was no success.
    public private(set) var hasHeardFromGpsd = false

    private init(address: GPSDAddress, handle: OpaquePointer) {
        self.address = address
        self.handle = handle
    }

    /// Connects to gpsd and starts watching (JSON reports). libgps connects without waiting: on loopback a
    /// refused connection fails here at once; towards another host a refusal or a timeout shows up later as
    /// `.disconnected` from `readAvailable()` (with `hasHeardFromGpsd` still false).
    public static func open(_ address: GPSDAddress) throws(GPSError) -> GPSDSession {
        var step: Int32 = 0
        var code: Int32 = 0
        let handle = cgps_open(address.host, String(address.port), &step, &code)
        guard let handle else {
            let failedStep: GPSError.Step = switch Int(step) {
            case Int(CGPS_FAILED_ALLOC): .allocate
            case Int(CGPS_FAILED_WATCH): .watch
            default: .connect
            }
            throw GPSError(address: address, step: failedStep, code: code,
                           message: String(cString: cgps_error_text(code)))
        }
        return GPSDSession(address: address, handle: handle)
    }

    /// The socket to wait on for reading; -1 once closed.
    public var fd: Int32 {
        guard let handle else { return -1 }
        return cgps_fd(handle)
    }

    /// Whether `close()` has been called.
    public var isClosed: Bool { handle == nil }

    /// Reads every message already received, without waiting, and returns the TPV reports among them —
    /// those without a position too (`GPSFix.hasPosition` is false), so they can be counted. libgps buffers whole lines, so this keeps reading
    /// until nothing is buffered and the socket has nothing more; an incomplete line is left for the next
    /// call. `.disconnected` when gpsd went away (and on every call after that, or after `close()`).
    ///
    /// `maximumMessages` bounds one call (a gpsd that floods must not hold the caller's thread); when it stops there,
    /// `hasBufferedMessages` may be true although the socket is no longer readable, so call again soon.
    public func readAvailable(maximumMessages: Int = Int.max) -> GPSRead {
        guard let handle, !gone else { return .disconnected }
        var fixes: [GPSFix] = []
        var raw = cgps_fix()
        var messages = 0
        while messages < maximumMessages && cgps_waiting(handle) {
            messages += 1
            switch Int(cgps_read_fix(handle, &raw)) {
            case Int(CGPS_READ_GONE):
                gone = true
                return .disconnected
            case Int(CGPS_READ_PARTIAL):
                return .fixes(fixes)
            case let result:
                hasHeardFromGpsd = true  // any complete message
                if result == Int(CGPS_READ_FIX), let fix = GPSFix(raw) { fixes.append(fix) }
            }
        }
        return .fixes(fixes)
    }

    /// Whether a message (or the start of one) waits in libgps's buffer or on the socket.
    public var hasBufferedMessages: Bool {
        guard let handle, !gone else { return false }
        return cgps_waiting(handle)
    }

    /// Tells gpsd to stop watching (so it may power the receiver down) unless the connection is already
    /// gone, and closes the socket. Calling it again does nothing.
    public func close() {
        guard let handle else { return }
        cgps_close(handle, !gone)
        self.handle = nil
    }

    deinit {
        close()
    }
}
