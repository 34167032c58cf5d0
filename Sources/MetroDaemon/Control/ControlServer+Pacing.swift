import Glibc
import MetroControl
import MetroModel
import MetroSystem

/// Pacing: the partial-request timeout and the per-connection budget of requests per second (the rules in
/// `ConnectionPacing`), each on a timerfd armed only while something is pending.
extension ControlServer {
    // MARK: Request timeout

    /// Arms the request timer at the earliest deadline of a waiting connection, or disarms it when none waits.
    func refreshRequestTimer() {
        let earliest = clients.values.compactMap(\.waitingSince).min().map { $0 &+ limits.requestTimeoutNanoseconds }
        set(requestTimer, to: earliest, armed: &armedRequestDeadline, named: "request")
    }

    /// Arms `timer` at `deadline`, or disarms it for nil; `armed` is what it is armed at now (no syscall when the
    /// deadline stays the same).
    func set(_ timer: KernelTimer, to deadline: Int64?, armed: inout Int64?, named name: String) {
        guard deadline != armed else { return }
        armed = deadline
        do {
            if let deadline {
                try timer.arm(atBoottimeNanoseconds: deadline)
            } else {
                try timer.disarm()
            }
        } catch {
            log.error("control socket: \(name) timer: \(error)")
        }
    }

    func requestTimerFired() {
        _ = try? requestTimer.acknowledge()
        armedRequestDeadline = nil
        let now = bootNow()
        let seconds = limits.requestTimeoutNanoseconds / 1_000_000_000
        for client in Array(clients.values) {
            guard let since = client.waitingSince, now &- since >= limits.requestTimeoutNanoseconds else { continue }
            client.waitingSince = nil
            if client.closing {
                // Already answered and closing (an oversized line cut short): it had as long to take that reply.
                drop(client)
                continue
            }
            log.info("control socket: pid \(client.peer.pid) sent no complete request within \(seconds) s; closing")
            client.closing = true
            send(DaemonRefusal.requestTimeout(seconds: seconds).reply(language), to: client)
        }
        refreshRequestTimer()
    }

    // MARK: Rate limit

    /// `client` spent its rate budget (its pacing is throttled): nothing more of it is read or served until its
    /// window ends.
    func throttled(_ client: Client) {
        if !client.throttleLogged {
            client.throttleLogged = true
            log.info("control socket: pid \(client.peer.pid) sent more than \(limits.connectionRateBudget / limits.requestCost) "
                     + "requests (or \(limits.connectionRateBudget) blank lines) in a second; serving it no faster")
        }
        refreshThrottleTimer()
    }

    /// Arms the throttle timer at the earliest end of a throttled connection's window, or disarms it when none is.
    func refreshThrottleTimer() {
        set(throttleTimer, to: clients.values.compactMap(\.throttledUntil).min(), armed: &armedThrottleDeadline, named: "throttle")
    }

    func throttleTimerFired() {
        _ = try? throttleTimer.acknowledge()
        armedThrottleDeadline = nil
        let now = bootNow()
        for client in Array(clients.values) where client.pacing.liftThrottle(now: now) {
            // Served by a continuation, behind the due timers and the other clients of the next turn.
            schedule(client)
        }
        refreshThrottleTimer()
    }
}
