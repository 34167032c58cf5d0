/// Why the daemon could not start; `metrotimerd` prints it and exits 78 when it is a configuration problem.
public struct DaemonStartError: Error, CustomStringConvertible {
    public let description: String
    /// 78 (configuration: do not restart) unless the problem may pass (e.g. a busy line: 69).
    public let exitCode: Int32
    public init(_ description: String, exitCode: Int32 = 78) {
        self.description = description
        self.exitCode = exitCode
    }
}
