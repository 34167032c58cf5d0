import Foundation
import Glibc
import MetroSystem

/// The simulated board's motor record (`<runtime_directory>/simulated-motor.log`), read back after any number of
/// SIGKILLs: one session per daemon process, each with its motor edges on `CLOCK_BOOTTIME`.
struct MotorRecordReader {
    /// One motor edge; `kind`, `pulse` and `pulses` only for an on-edge.
    struct Edge {
        var at: Int64
        var on: Bool
        var kind: String?
        var pulse: Int
        var pulses: Int
    }

    /// One daemon process's part of the record.
    struct Session {
        var startedAt: Int64
        var edges: [Edge] = []
    }

    /// One play of a pattern: the session it was in, when its first pulse started, and whether it played to its
    /// end (its last pulse was followed by the motor turning off in the same process), and if so when it ended.
    struct Play {
        var session: Int
        var at: Int64
        var complete: Bool { end != nil }
        var end: Int64?
    }

    private(set) var sessions: [Session] = []

    init(path: String) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let at = Int64(fields[0]) else { continue }
            switch fields[1] {
            case "start": sessions.append(Session(startedAt: at))
            case "off":
                if !sessions.isEmpty { sessions[sessions.count - 1].edges.append(Edge(at: at, on: false, kind: nil, pulse: 0, pulses: 0)) }
            case "on":
                guard !sessions.isEmpty, fields.count >= 4 else { continue }
                let counts = fields[3].split(separator: "/").compactMap { Int($0) }
                guard counts.count == 2 else { continue }
                sessions[sessions.count - 1].edges.append(
                    Edge(at: at, on: true, kind: String(fields[2]), pulse: counts[0], pulses: counts[1]))
            default: continue
            }
        }
    }

    /// The plays of `kind` that started at or after `since`, oldest first.
    func plays(_ kind: String, since: Int64 = .min) -> [Play] {
        var out: [Play] = []
        for (index, session) in sessions.enumerated() {
            for (i, edge) in session.edges.enumerated() where edge.on && edge.kind == kind && edge.at >= since {
                if edge.pulse == 1 { out.append(Play(session: index, at: edge.at, end: nil)) }
                if edge.pulse == edge.pulses, !out.isEmpty, out[out.count - 1].session == index,
                    let off = session.edges.dropFirst(i + 1).first, !off.on
                {
                    out[out.count - 1].end = off.at
                }
            }
        }
        return out
    }
}

/// Sleeps until `CLOCK_BOOTTIME` reads `nanoseconds` (an absolute instant: no drift from the work before it).
func sleepUntilBoottime(_ nanoseconds: Int64) {
    var until = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    while clock_nanosleep(CLOCK_BOOTTIME, TIMER_ABSTIME, &until, nil) == EINTR {}
}

/// `CLOCK_BOOTTIME` now, nanoseconds.
func boottimeNow() -> Int64 { Clocks.now(.boottime) }
