import Glibc

/// A program started with `posix_spawn`, its output sent to a log file; the bench waits on it with `waitpid`.
final class ChildProcess {
    /// The child's pid.
    let pid: pid_t
    private var exited = false

    /// Starts `path` with `arguments` and exactly `environment`; stdout and stderr append to `logPath`.
    init(path: String, arguments: [String], environment: [String: String], logPath: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        // The C strings live until posix_spawn returns; the child gets its own copies.
        let argv = ([path] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = (argv + [nil]).withUnsafeBufferPointer { argvPointer in
            (envp + [nil]).withUnsafeBufferPointer { envpPointer in
                posix_spawn(&child, path, &actions, nil, argvPointer.baseAddress!, envpPointer.baseAddress!)
            }
        }
        guard result == 0 else { throw BenchError("posix_spawn \(path): \(String(cString: strerror(result)))") }
        pid = child
    }

    /// Runs `path` to completion and returns its exit status (128 + signal when killed).
    static func run(path: String, arguments: [String], environment: [String: String], logPath: String) throws -> Int32 {
        try ChildProcess(path: path, arguments: arguments, environment: environment, logPath: logPath).wait()
    }

    /// Sends `signal` to the child (unless it has already been waited for).
    func signal(_ signal: Int32) {
        if !exited { kill(pid, signal) }
    }

    /// Blocks until the child exits; returns its status.
    @discardableResult
    func wait() throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchError("waitpid \(pid): \(String(cString: strerror(errno)))") }
        }
        exited = true
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros; their bit layout is fixed on Linux.
        let termination = status & 0x7f
        return termination == 0 ? (status >> 8) & 0xff : 128 + termination
    }

    deinit {
        if !exited {
            kill(pid, SIGKILL)
            _ = try? wait()
        }
    }
}

/// The environment of this process, as a dictionary.
func currentEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    return result
}

/// A failure of the bench itself (not a measurement).
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
