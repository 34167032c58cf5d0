// The event loop both checks share (GPIO lines, input devices): MetroSystem's EventLoop over the button's
// descriptor, the stop signals (SignalChannel) and a timerfd that ends a pulse, every edge printed and mirrored on
// the motor or answered with a pulse. What differs between the two kinds of hardware — how edges are read and
// printed, how the motor is driven, the words of a stop and of a failing loop — comes in as closures, so the
// lines a script reads are written in one place for both.
import Glibc
import MetroSystem

/// One button edge as the check prints it: whether it is a press, and its fields after `edge` (the timestamps).
struct CheckedEdge {
    let pressed: Bool
    let fields: String
}

/// The check's event loop over one kind of button and motor; `Failure` is that hardware's error type.
struct EdgeCheckLoop<Failure: Error> {
    /// The descriptor that becomes readable when the button has edges.
    let buttonFD: Int32
    /// Stop after this many edges; 0 runs until a stop signal.
    let events: Int
    /// The length of a pulse per press; 0 mirrors the button on the motor instead.
    let pulseMs: Int
    /// The line printed when a stop signal arrives, given its number.
    let stoppingLine: (Int32) -> String
    /// The error for a failure of the loop itself (blocking the stop signals, the epoll set, the pulse timer).
    let loopFailure: (SystemError) -> Failure
    /// Reads the edges waiting on `buttonFD`, given the events epoll reported (so a device that hung up can be
    /// named).
    let readEdges: (IOEvents) throws(Failure) -> [CheckedEdge]
    /// Drives the motor on or off.
    let setMotor: (Bool) throws(Failure) -> Void

    /// Blocks SIGTERM and SIGINT and runs until `events` edges were seen (then prints `done after N events`) or a
    /// stop signal arrives (the lines are then released on the normal path, motor off first); the exit status.
    func run() throws(Failure) -> Int32 {
        // MetroSystem's wrappers throw SystemError; anything else is named by what was being done.
        func failureOf(_ error: any Error, doing: String) -> Failure {
            loopFailure(error as? SystemError ?? SystemError(doing, errno: Errno(rawValue: EIO)))
        }
        let signals: SignalChannel, loop: EventLoop, pulseEnd: KernelTimer
        do {
            signals = try SignalChannel(signals: [SIGTERM, SIGINT])
            loop = try EventLoop()
            pulseEnd = try KernelTimer(preferAlarm: false)
        } catch {
            throw failureOf(error, doing: "setting up the event loop")
        }
        var seen = 0
        var stopping = false
        var failure: Failure?
        // A handler cannot throw through the loop: the first failure stops it and is thrown after.
        func attempt(_ body: () throws(Failure) -> Void) {
            do { try body() } catch {
                failure = error
                loop.stop()
            }
        }
        do {
            _ = try loop.register(fd: signals.fd.rawValue, priority: .urgent) { _ in
                guard let signal = (try? signals.readSignals())?.first else { return }
                say(stoppingLine(signal))
                // Edges of the same wake-up are left unread: the stop wins, as it must for a rider's board.
                stopping = true
                loop.stop()
            }
            _ = try loop.register(fd: pulseEnd.fd.rawValue, priority: .urgent) { _ in
                _ = try? pulseEnd.acknowledge()
                attempt { () throws(Failure) in
                    try setMotor(false)
                    say(text(uk: "мотор вимкнено", en: "motor off"))
                }
            }
            _ = try loop.register(fd: buttonFD) { reported in
                guard !stopping else { return }
                attempt { () throws(Failure) in
                    for edge in try readEdges(reported) {
                        seen += 1
                        say(text(uk: "фронт \(edge.fields)", en: "edge \(edge.fields)"))
                        if pulseMs > 0 {
                            guard edge.pressed else { continue }
                            try setMotor(true)
                            do {
                                try pulseEnd.arm(atBoottimeNanoseconds: Clocks.now(.boottime) + Int64(pulseMs) * 1_000_000)
                            } catch {
                                throw failureOf(error, doing: "arming the pulse timer")
                            }
                            say(text(uk: "мотор увімкнено", en: "motor on"))
                        } else {
                            try setMotor(edge.pressed)
                            say(edge.pressed ? text(uk: "мотор увімкнено", en: "motor on") : text(uk: "мотор вимкнено", en: "motor off"))
                        }
                    }
                }
                if events > 0, seen >= events { loop.stop() }
            }
            try loop.run()
        } catch {
            if failure == nil { failure = failureOf(error, doing: "running the event loop") }
        }
        if let failure { throw failure }
        if events > 0, seen >= events {
            say(text(uk: "готово після \(seen) подій", en: "done after \(seen) events"))
        }
        return 0
    }
}
