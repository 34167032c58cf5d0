import MetroControl
import MetroEngine
import MetroModel

/// The learned segment times and the calibration session that measures them.
struct CalibrationRequests {
    let engine: Engine

    func show() -> String {
        ControlReply.ok([.calibration: JSONValue(encoding: CalibrationDocument(engine.calibration))])
    }

    func reset(_ context: RequestContext) -> String {
        context.statusReply { () throws(EngineError) in try engine.resetCalibration(now: context.now) }
    }

    func begin(line: LineID, direction: Direction, from: String, _ context: RequestContext) -> String {
        context.statusReply { () throws(EngineError) in
            try engine.beginCalibration(line: line, direction: direction, from: try context.resolve(from), now: context.now)
        }
    }

    func end(_ context: RequestContext) -> String {
        context.statusReply { () throws(EngineError) in try engine.endCalibration(now: context.now) }
    }
}
