// The event loop both checks share (GPIO lines, input devices): one poll() over the button's descriptor and the
// stop signalfd, every edge printed and mirrored on the motor or answered with a pulse. What differs between the
// two kinds of hardware — how edges are read and printed, how the motor is driven, which clock times a pulse,
// the words of a stop and of a failing poll — comes in as closures, so the lines a script reads are written in
// one place for both.
import CLinuxShim
import Glibc

/// One button edge as the check prints it: whether it is a press, and its fields after `edge` (the timestamps).
struct CheckedEdge {
    let pressed: Bool
    let fields: String
}

/// The check's event loop over one kind of button and motor; `Failure` is that hardware's error type.
struct EdgeCheckLoop<Failure: Error> {
    /// The descriptor that becomes readable when the button has edges.
    let buttonFD: Int32
    /// The signalfd of SIGTERM and SIGINT (`stopSignalDescriptor()`).
    let signalFD: Int32
    /// Stop after this many edges; 0 runs until a stop signal.
    let events: Int
    /// The length of a pulse per press; 0 mirrors the button on the motor instead.
    let pulseMs: Int
    /// The clock a pulse's end is timed on, in nanoseconds.
    let now: () -> Int64
    /// The line printed when a stop signal arrives, given its number.
    let stoppingLine: (UInt32) -> String
    /// The error for a poll() that failed with this errno.
    let waitFailure: (Int32) -> Failure
    /// Reads the edges waiting on `buttonFD`, given its poll() revents (so a device that hung up can be named).
    let readEdges: (Int16) throws(Failure) -> [CheckedEdge]
    /// Drives the motor on or off.
    let setMotor: (Bool) throws(Failure) -> Void

    /// Runs until `events` edges were seen (then prints `done after N events`) or a stop signal arrives; the
    /// exit status.
    func run() throws(Failure) -> Int32 {
        var seen = 0
        var motorOffAtNs: Int64?  // deadline of the running pulse, on `now`'s clock
        while events == 0 || seen < events {
            var fds = [
                pollfd(fd: buttonFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
            ]
            // Wait forever unless a pulse has to end; rounded up so the pulse is never cut short.
            let timeoutMs = motorOffAtNs.map { Int32(clamping: max(0, ($0 - now() + 999_999) / 1_000_000)) } ?? -1
            let ready = poll(&fds, nfds_t(fds.count), timeoutMs)
            if ready < 0 {
                let code = errno
                if code == EINTR { continue }
                throw waitFailure(code)
            }
            if fds[1].revents != 0 {
                var info = signalfd_siginfo()
                _ = read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size)
                say(stoppingLine(info.ssi_signo))
                return 0
            }
            if let deadline = motorOffAtNs, now() >= deadline {
                try setMotor(false)
                motorOffAtNs = nil
                say(text(uk: "мотор вимкнено", en: "motor off"))
            }
            guard fds[0].revents != 0 else { continue }
            for edge in try readEdges(fds[0].revents) {
                seen += 1
                say(text(uk: "фронт \(edge.fields)", en: "edge \(edge.fields)"))
                if pulseMs > 0 {
                    guard edge.pressed else { continue }
                    try setMotor(true)
                    motorOffAtNs = now() + Int64(pulseMs) * 1_000_000
                    say(text(uk: "мотор увімкнено", en: "motor on"))
                } else {
                    try setMotor(edge.pressed)
                    say(edge.pressed ? text(uk: "мотор увімкнено", en: "motor on") : text(uk: "мотор вимкнено", en: "motor off"))
                }
            }
        }
        say(text(uk: "готово після \(seen) подій", en: "done after \(seen) events"))
        return 0
    }
}
