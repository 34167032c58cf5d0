/// A command-line failure: one clear line for the rider and the process exit status (sysexits.h numbering).
public struct CLIError: Error, Equatable, CustomStringConvertible {
    /// Bad arguments (EX_USAGE).
    public static let usageCode: Int32 = 64
    /// The input names something that does not exist or cannot be planned (EX_DATAERR).
    public static let dataCode: Int32 = 65
    /// A file the command needs is missing or unreadable (EX_NOINPUT).
    public static let noInputCode: Int32 = 66
    /// The daemon or another service is unavailable (EX_UNAVAILABLE).
    public static let unavailableCode: Int32 = 69
    /// An output file cannot be written (EX_CANTCREAT).
    public static let cannotCreateCode: Int32 = 73

    public let message: String
    public let exitCode: Int32
    public init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }
    /// Bad arguments: names what was wrong.
    public static func usage(_ message: String) -> CLIError { CLIError(message, exitCode: usageCode) }
    /// Bad input data (an unknown station, an impossible plan).
    public static func data(_ message: String) -> CLIError { CLIError(message, exitCode: dataCode) }
    public var description: String { message }
}
