import Glibc
import MetroInput

/// How an input-device error at start becomes the daemon's one log line and exit status: the configuration key
/// and value at fault first, as for GPIO (`button_device = 'gpio-kyes': no input device named …`).
enum InputStartError {
    /// EX_UNAVAILABLE: the problem may pass (a device grabbed by another program, a driver still probing).
    static let mayPass: Int32 = 69

    /// 78 (the configuration names something that is not there, or the daemon's user may not use it:
    /// restarting will not help) or 69.
    static func exitCode(for error: InputError) -> Int32 {
        switch error.kind {
        case .noSuchDevice, .notAnInputDevice, .noSuchKey, .noForceFeedback, .invalidSpec: 78
        case .system where error.isPermissionProblem: 78
        case .system: mayPass
        }
    }

    /// What to fix, appended to a permission error's line.
    static let permissionHint = "; the daemon's user may not open the input device: give it the group that owns "
        + "/dev/input/event* (input on Debian; make install adds it) and allow the devices (DeviceAllow=char-input rw), "
        + "see docs/hardware.md"

    /// The start error for `error` met while using `key = value`.
    static func make(key: String, value: String, _ error: InputError) -> DaemonStartError {
        let hint = error.isPermissionProblem ? permissionHint : ""
        return DaemonStartError("\(key) = '\(value)': \(error.message)\(hint)", exitCode: exitCode(for: error))
    }
}
