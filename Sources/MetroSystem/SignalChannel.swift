internal import CLinuxShim
import Glibc

/// Delivers signals as readable events on a signalfd instead of through asynchronous handlers.
///
/// The signals are blocked with `sigprocmask` (in the calling thread, and so in every thread it starts
/// later), then read from the descriptor in the event loop like any other input. Create it early in
/// `main`, before other threads exist, so no thread is left that would still take the signal the old way.
/// `restoreDefault()` puts back the mask the thread had, which is not necessarily "nothing blocked"
/// (worker threads of some runtimes start with most signals blocked).
public final class SignalChannel {
    /// The signalfd (nonblocking, close-on-exec). Register it for `.readable`.
    public let fd: FileDescriptor
    /// The signals this channel takes.
    public let signals: [Int32]
    private var previousMask = sigset_t()
    private var restored = false

    /// Blocks `signals` and opens a signalfd for them.
    public init(signals: [Int32]) throws {
        var mask = sigset_t()
        clinux_sigset_empty(&mask)
        for signal in signals {
            guard clinux_sigset_add(&mask, signal) == 0 else {
                throw SystemError.current("sigaddset \(signal)")
            }
        }
        var previous = sigset_t()
        guard sigprocmask(clinux_sig_block(), &mask, &previous) == 0 else {
            throw SystemError.current("sigprocmask SIG_BLOCK")
        }
        let fd = signalfd(-1, &mask, clinux_sfd_nonblock() | clinux_sfd_cloexec())
        guard fd >= 0 else {
            let failure = Errno.current
            _ = sigprocmask(clinux_sig_setmask(), &previous, nil)
            throw SystemError("signalfd", errno: failure)
        }
        self.fd = FileDescriptor(owning: fd)
        self.signals = signals
        self.previousMask = previous
    }

    /// Reads every signal waiting on the descriptor, in arrival order; empty when none is waiting.
    public func readSignals() throws -> [Int32] {
        var received: [Int32] = []
        var info = signalfd_siginfo()
        while true {
            let count = try withUnsafeMutableBytes(of: &info) { (buffer) throws -> Int? in
                try fd.read(into: buffer)
            }
            guard let count, count == MemoryLayout<signalfd_siginfo>.size else { return received }
            received.append(Int32(bitPattern: info.ssi_signo))
        }
    }

    /// Puts back the signal mask the thread had before this channel blocked its signals.
    ///
    /// Call it before starting a child program, which inherits the mask: a child with SIGTERM blocked could
    /// not be stopped. Signals still pending are delivered the default way once unblocked.
    public func restoreDefault() throws {
        guard !restored else { return }
        guard sigprocmask(clinux_sig_setmask(), &previousMask, nil) == 0 else {
            throw SystemError.current("sigprocmask SIG_SETMASK")
        }
        restored = true
    }

    /// Whether `signal` is blocked in the calling thread right now.
    public static func isBlocked(_ signal: Int32) -> Bool {
        var current = sigset_t()
        _ = sigprocmask(clinux_sig_block(), nil, &current)
        return clinux_sigset_contains(&current, signal) == 1
    }
}
