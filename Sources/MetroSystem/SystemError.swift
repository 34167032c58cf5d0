/// A failed system call: what was being done and the `errno` it ended with.
///
/// Prints as `open /dev/gpiochip9: No such file or directory (errno 2)`.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, naming the object, e.g. "open /dev/gpiochip9".
    public let operation: String
    /// Why it failed.
    public let errno: Errno

    /// Describes a failure of `operation` with `errno`.
    public init(_ operation: String, errno: Errno) {
        self.operation = operation
        self.errno = errno
    }

    /// Describes a failure of `operation` with the calling thread's current `errno`.
    public static func current(_ operation: String) -> SystemError {
        SystemError(operation, errno: .current)
    }

    /// `operation: strerror text (errno N)`.
    public var description: String {
        "\(operation): \(errno.description) (errno \(errno.rawValue))"
    }

    /// The same failure in Ukrainian, `doing` being the operation in Ukrainian: `читання /x: це каталог (errno 21)`.
    public func ukrainian(_ doing: String) -> String {
        "\(doing): \(ukrainianReason)"
    }

    /// Why, in Ukrainian: the failures a path commonly meets are worded in Ukrainian (`Errno.ukrainianDescription`);
    /// any other C library text is not ours to translate and stays as it is, quoted: `«No such device» (errno 19)`.
    public var ukrainianReason: String {
        "\(errno.ukrainianDescription ?? "«\(errno.description)»") (errno \(errno.rawValue))"
    }
}

/// Runs a system call until it is not interrupted by a signal; returns its result or throws with `operation`.
///
/// `EINTR` is retried because a signal arriving at a blocked call says nothing about the call itself.
@discardableResult
func retryingInterrupts<T: BinaryInteger>(_ operation: @autoclosure () -> String, _ call: () -> T) throws -> T {
    while true {
        let result = call()
        if result != -1 { return result }
        let failure = Errno.current
        if failure == .interrupted { continue }
        throw SystemError(operation(), errno: failure)
    }
}
