internal import CGPS

/// A failure to open a gpsd session, naming the address, the step and libgps's own words.
public struct GPSError: Error, Sendable, CustomStringConvertible {
    /// The step of opening a session.
    public enum Step: Sendable {
        /// Allocating libgps's session state.
        case allocate
        /// Connecting to gpsd.
        case connect
        /// Asking gpsd to stream reports (`?WATCH`).
        case watch
    }

    /// Where gpsd was expected.
    public let address: GPSDAddress
    /// What was being done.
    public let step: Step
    /// A negative libgps (netlib) code, or a positive errno value.
    public let code: Int32
    /// libgps's or the C library's text for `code`.
    public let message: String

    /// An error from its parts.
    public init(address: GPSDAddress, step: Step, code: Int32, message: String) {
        self.address = address
        self.step = step
        self.code = code
        self.message = message
    }

    /// For example `cannot connect to gpsd at 127.0.0.1:4000: can't connect to host/port pair (libgps -4)`.
    public var description: String {
        let origin = code < 0 ? "libgps \(code)" : "errno \(code)"
        switch step {
        case .allocate: return "cannot allocate a gpsd session for \(address): \(message) (\(origin))"
        case .connect: return "cannot connect to gpsd at \(address): \(message) (\(origin))"
        case .watch: return "cannot start watching gpsd at \(address): \(message) (\(origin))"
        }
    }
}
