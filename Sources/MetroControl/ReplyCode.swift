/// The `code` of an error reply: a stable word for scripts, and the exit status `metrotimer` gives it. This is the
/// one table of both (docs/control-protocol.md prints it); 64 stays for a command line that is wrong in itself, so
/// a well-formed request the daemon refuses (a 21st reminder, a stretch across lines) exits 1 like any refusal.
public enum ReplyCode: String, CaseIterable, Sendable {
    case badRequest = "bad_request"
    case tooLong = "too_long"
    case busy
    case timeout
    case permissionDenied = "permission_denied"
    case noRoute = "no_route"
    case tripActive = "trip_active"
    case noTrip = "no_trip"
    case plan
    case notAStretch = "not_a_stretch"
    case rejected
    case calibrating
    case notCalibrating = "not_calibrating"
    case storage
    case notSimulated = "not_simulated"
    case noButton = "no_button"
    case noReminder = "no_reminder"
    case duplicateReminder = "duplicate_reminder"
    case tooManyReminders = "too_many_reminders"
    case noMotion = "no_motion"
    case recording
    case notRecording = "not_recording"
    case noRecording = "no_recording"
    case recordingsFull = "recordings_full"

    /// The exit status of `metrotimer` (sysexits.h numbering) when the daemon replies with this code.
    public var exitStatus: Int32 {
        switch self {
        // The request itself is malformed: what the command line gave cannot be a request (EX_USAGE).
        case .badRequest, .tooLong: return 64
        // The daemon could not serve this connection now (EX_UNAVAILABLE): trying again may work.
        case .busy, .timeout: return 69
        // This user may not use the daemon (EX_NOPERM).
        case .permissionDenied: return 77
        // A well-formed request the daemon refused.
        case .noRoute, .tripActive, .noTrip, .plan, .notAStretch, .rejected, .calibrating, .notCalibrating, .storage,
             .notSimulated, .noButton, .noReminder, .duplicateReminder, .tooManyReminders, .noMotion, .recording,
             .notRecording, .noRecording, .recordingsFull:
            return 1
        }
    }

    /// The exit status for a reply's `code` as received: a word this program does not know (a newer daemon's) is a
    /// refusal like any other.
    public static func exitStatus(forCode code: String?) -> Int32 {
        code.flatMap(ReplyCode.init(rawValue:))?.exitStatus ?? 1
    }
}
