import MetroControl
import MetroEngine
import MetroModel

extension EngineError {
    /// The refusal as the rider reads it: a plan's refusal names stations by name (as `metrotimer plan` does),
    /// not by id.
    func message(_ language: Language, names network: any RideNetwork) -> String {
        if case .plan(let error) = self { return error.message(language, names: network) }
        return message(language)
    }

    /// A stable word for scripts.
    var code: ReplyCode {
        switch self {
        case .noRouteChosen: return .noRoute
        case .tripAlreadyActive: return .tripActive
        case .noActiveTrip: return .noTrip
        case .plan: return .plan
        case .correction: return .rejected
        case .calibrationSessionActive: return .calibrating
        case .noCalibrationSession: return .notCalibrating
        // A line or direction that is not one: the field's value is out of its range.
        case .invalidCalibration: return .badRequest
        case .storage: return .storage
        case .reminder(.noSuchReminder): return .noReminder
        case .reminder(.duplicate): return .duplicateReminder
        case .reminder(.tooMany): return .tooManyReminders
        // A time or days that cannot be read: the field's value is malformed.
        case .reminder(.badTime), .reminder(.timeOutOfRange), .reminder(.badDays): return .badRequest
        case .suspension: return .notAStretch
        }
    }
}
