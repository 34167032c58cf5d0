import Glibc
import MetroSystem

/// What the kernel reports about a process in `/proc/PID/status` and, per thread, `/proc/PID/task/TID/status`.
struct ProcessFigures {
    /// Voluntary context switches of all threads: each is the process going to sleep, i.e. a wake-up to come.
    var voluntarySwitches: Int = 0
    /// Involuntary context switches of all threads (preempted while running).
    var involuntarySwitches: Int = 0
    /// Threads in the process.
    var threads: Int = 0
    /// Resident set size now, in KiB.
    var residentKiB: Int = 0
    /// Peak resident set size, in KiB.
    var peakResidentKiB: Int = 0
    /// The anonymous part of the resident set (heap, stacks, dirty data: the process's own memory), in KiB;
    /// the rest of VmRSS is file pages such as shared libraries.
    var anonymousKiB: Int = 0

    /// Reads the figures of `pid` now. Reading /proc does not wake the process.
    static func read(pid: pid_t) throws -> ProcessFigures {
        var figures = ProcessFigures()
        let main = try fields(of: "/proc/\(pid)/status")
        figures.threads = main["Threads"].flatMap { Int($0) } ?? 0
        figures.residentKiB = main["VmRSS"].flatMap(kibibytes) ?? 0
        figures.peakResidentKiB = main["VmHWM"].flatMap(kibibytes) ?? 0
        figures.anonymousKiB = main["RssAnon"].flatMap(kibibytes) ?? 0
        for thread in try threadIDs(of: pid) {
            // A thread may end between the listing and the read; it then no longer counts.
            guard let status = try? fields(of: "/proc/\(pid)/task/\(thread)/status") else { continue }
            figures.voluntarySwitches += status["voluntary_ctxt_switches"].flatMap { Int($0) } ?? 0
            figures.involuntarySwitches += status["nonvoluntary_ctxt_switches"].flatMap { Int($0) } ?? 0
        }
        return figures
    }

    /// `Key:\tvalue` lines of a /proc status file.
    private static func fields(of path: String) throws -> [String: String] {
        let file = try FileDescriptor.open(path, flags: O_RDONLY)
        var bytes: [UInt8] = []
        while let chunk = try file.read(upTo: 4096), !chunk.isEmpty { bytes += chunk }
        var result: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            result[String(line[..<colon])] = line[line.index(after: colon)...].trimmingWhitespace()
        }
        return result
    }

    /// "  1234 kB" → 1234.
    private static func kibibytes(_ text: String) -> Int? {
        Int(text.split(separator: " ").first ?? "")
    }

    /// The thread ids listed in /proc/PID/task.
    private static func threadIDs(of pid: pid_t) throws -> [String] {
        guard let names = Files.entries(of: "/proc/\(pid)/task") else {
            throw BenchError("opendir /proc/\(pid)/task: \(String(cString: strerror(errno)))")
        }
        return names.filter { $0.first?.isNumber == true }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
