import Glibc

/// An open file descriptor that this object owns: it is closed exactly once, by `close()` or when the
/// object goes away.
///
/// Reads and writes retry `EINTR` and report `EAGAIN` as `nil` instead of an error, because for a
/// nonblocking descriptor "nothing now" is an ordinary answer.
public final class FileDescriptor {
    /// The kernel's number for the descriptor, or -1 once closed.
    public private(set) var rawValue: Int32

    /// Takes ownership of an open descriptor.
    public init(owning rawValue: Int32) {
        self.rawValue = rawValue
    }

    deinit {
        if rawValue >= 0 { _ = Glibc.close(rawValue) }
    }

    /// Whether the descriptor is still open (not yet closed through this object).
    public var isOpen: Bool { rawValue >= 0 }

    /// Opens `path` with `flags` (O_CLOEXEC is always added) and `mode` for a created file.
    public static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws -> FileDescriptor {
        let fd = try retryingInterrupts("open \(path)") { Glibc.open(path, flags | O_CLOEXEC, mode) }
        return FileDescriptor(owning: fd)
    }

    /// Closes the descriptor now. A second call does nothing.
    ///
    /// Linux releases the descriptor even when `close` reports an error, so it is never retried.
    public func close() throws {
        guard rawValue >= 0 else { return }
        let fd = rawValue
        rawValue = -1
        if Glibc.close(fd) != 0, Errno.current != .interrupted {
            throw SystemError.current("close fd \(fd)")
        }
    }

    /// Gives up ownership: returns the number, and this object will no longer close it.
    public func release() -> Int32 {
        let fd = rawValue
        rawValue = -1
        return fd
    }

    /// Turns `O_NONBLOCK` on or off.
    public func setNonblocking(_ enabled: Bool = true) throws {
        let flags = try retryingInterrupts("fcntl F_GETFL fd \(rawValue)") { fcntl(rawValue, F_GETFL) }
        let wanted = enabled ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        if wanted != flags {
            try retryingInterrupts("fcntl F_SETFL fd \(rawValue)") { fcntl(rawValue, F_SETFL, wanted) }
        }
    }

    /// Whether `O_NONBLOCK` is set.
    public func isNonblocking() throws -> Bool {
        let flags = try retryingInterrupts("fcntl F_GETFL fd \(rawValue)") { fcntl(rawValue, F_GETFL) }
        return flags & O_NONBLOCK != 0
    }

    /// Turns `FD_CLOEXEC` on or off, so children started later do not inherit the descriptor.
    public func setCloseOnExec(_ enabled: Bool = true) throws {
        let flags = try retryingInterrupts("fcntl F_GETFD fd \(rawValue)") { fcntl(rawValue, F_GETFD) }
        let wanted = enabled ? flags | FD_CLOEXEC : flags & ~FD_CLOEXEC
        if wanted != flags {
            try retryingInterrupts("fcntl F_SETFD fd \(rawValue)") { fcntl(rawValue, F_SETFD, wanted) }
        }
    }

    /// Whether `FD_CLOEXEC` is set.
    public func isCloseOnExec() throws -> Bool {
        let flags = try retryingInterrupts("fcntl F_GETFD fd \(rawValue)") { fcntl(rawValue, F_GETFD) }
        return flags & FD_CLOEXEC != 0
    }

    /// Reads into `buffer`: the byte count (0 at end of file), or nil when a nonblocking read would block.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int? {
        while true {
            let count = Glibc.read(rawValue, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            let failure = Errno.current
            if failure == .interrupted { continue }
            if failure == .wouldBlock { return nil }
            throw SystemError("read fd \(rawValue)", errno: failure)
        }
    }

    /// Reads at most `maximumCount` bytes: empty at end of file, nil when a nonblocking read would block.
    public func read(upTo maximumCount: Int) throws -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: maximumCount)
        let count = try bytes.withUnsafeMutableBytes { (storage) throws -> Int? in
            try read(into: storage)
        }
        guard let count else { return nil }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Writes from `buffer` once: the byte count written, or nil when a nonblocking write would block.
    public func write(_ buffer: UnsafeRawBufferPointer) throws -> Int? {
        try transfer(buffer, operation: "write") { Glibc.write(rawValue, $0.baseAddress, $0.count) }
    }

    /// Sends from `buffer` once on a socket with `MSG_NOSIGNAL`, so a peer that went away gives `EPIPE`
    /// rather than killing the process with `SIGPIPE`: the byte count, or nil when it would block.
    public func send(_ buffer: UnsafeRawBufferPointer) throws -> Int? {
        try transfer(buffer, operation: "send") { Glibc.send(rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Writes every byte of `bytes` (with `send` on sockets), waiting with `poll` whenever a nonblocking
    /// descriptor is full.
    ///
    /// Meant for blocking clients such as the command line; the daemon's loop uses `OutgoingBuffer` instead.
    public func writeAll(_ bytes: some Collection<UInt8>, isSocket: Bool = false) throws {
        let contiguous = Array(bytes)
        var offset = 0
        while offset < contiguous.count {
            let written = try contiguous.withUnsafeBytes { (storage) throws -> Int? in
                let rest = UnsafeRawBufferPointer(rebasing: storage[offset...])
                return isSocket ? try send(rest) : try write(rest)
            }
            if let written {
                offset += written
            } else {
                var request = pollfd(fd: rawValue, events: Int16(POLLOUT), revents: 0)
                try retryingInterrupts("poll fd \(rawValue) for writing") { poll(&request, 1, -1) }
            }
        }
    }

    private func transfer(
        _ buffer: UnsafeRawBufferPointer, operation: String, _ call: (UnsafeRawBufferPointer) -> Int
    ) throws -> Int? {
        while true {
            let count = call(buffer)
            if count >= 0 { return count }
            let failure = Errno.current
            if failure == .interrupted { continue }
            if failure == .wouldBlock { return nil }
            throw SystemError("\(operation) fd \(rawValue)", errno: failure)
        }
    }
}
