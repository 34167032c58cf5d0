import Foundation
import MetroControl
import Testing

/// Every refusal a rider can provoke, against a real daemon: the reply's `code` is the one docs/control-protocol.md
/// names for it, and `metrotimer` exits with that code's status from the same table (64 only for a malformed
/// request, never for a well-formed one the daemon refuses).
@Suite(.serialized) struct RefusalCodeTests {
    /// One refusal: the command line, the same request on the socket, the code expected.
    struct Refusal {
        let arguments: [String]
        let request: String
        let code: ReplyCode
    }

    /// Sends the request on a raw connection and runs the command line; both must be refused with `code`.
    func expectRefused(_ refusal: Refusal, by daemon: DaemonProcess, seen: inout Set<ReplyCode>) throws {
        let connection = try RawControlConnection(path: daemon.socketPath)
        let reply = try connection.request(refusal.request)
        #expect(reply["ok"] as? Bool == false, "\(refusal.request): \(reply)")
        #expect(reply["code"] as? String == refusal.code.rawValue, "\(refusal.request): \(reply)")
        let r = try daemon.cli(refusal.arguments)
        #expect(r.status == refusal.code.exitStatus, "\(refusal.arguments): exit \(r.status), \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(refusal.arguments): \(r.stderr)")
        seen.insert(refusal.code)
    }

    @Test func everyRefusalHasItsCodeAndExitStatus() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        var seen: Set<ReplyCode> = []
        func refused(_ arguments: [String], _ request: String, _ code: ReplyCode) throws {
            try expectRefused(Refusal(arguments: arguments, request: request, code: code), by: daemon, seen: &seen)
        }
        try refused(["start"], #"{"cmd":"start"}"#, .noRoute)
        try refused(["plus"], #"{"cmd":"plus"}"#, .noTrip)
        try refused(["route", "lisova", "atlantis"], #"{"cmd":"route","from":"lisova","to":"atlantis"}"#, .plan)
        try refused(["suspend", "foo", "bar"], #"{"cmd":"suspend","from":"foo","to":"bar"}"#, .plan)
        try refused(["suspend", "dnipro", "dnipro"], #"{"cmd":"suspend","from":"dnipro","to":"dnipro"}"#, .notAStretch)
        try refused(["suspend", "lisova", "teremky"], #"{"cmd":"suspend","from":"lisova","to":"teremky"}"#, .notAStretch)
        try refused(["resume", "dnipro", "dnipro"], #"{"cmd":"resume","from":"dnipro","to":"dnipro"}"#, .notAStretch)
        try refused(["resume", "lisova", "teremky"], #"{"cmd":"resume","from":"lisova","to":"teremky"}"#, .notAStretch)
        try refused(["remind", "remove", "9"], #"{"cmd":"remind_remove","number":9}"#, .noReminder)
        try refused(["remind", "add", "25:00", "lisova", "teremky"],
                    #"{"cmd":"remind_add","time":"25:00","from":"lisova","to":"teremky"}"#, .badRequest)
        try refused(["press", "--button", "2"], #"{"cmd":"press","button":2}"#, .noButton)
        try refused(["calibrate", "--end"], #"{"cmd":"calibrate_end"}"#, .notCalibrating)

        // The 21st reminder, and one that exists already.
        for minute in 0..<20 {
            let added = try daemon.cli(["remind", "add", String(format: "06:%02d", minute), "lisova", "teremky"])
            #expect(added.status == 0, "\(added.stderr)")
        }
        try refused(["remind", "add", "06:00", "lisova", "teremky"],
                    #"{"cmd":"remind_add","time":"06:00","from":"lisova","to":"teremky"}"#, .duplicateReminder)
        try refused(["remind", "add", "07:00", "lisova", "teremky"],
                    #"{"cmd":"remind_add","time":"07:00","from":"lisova","to":"teremky"}"#, .tooManyReminders)

        // Riding.
        #expect(try daemon.cli(["route", "lisova", "darnytsia"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        try refused(["start"], #"{"cmd":"start"}"#, .tripActive)
        try refused(["departed"], #"{"cmd":"departed"}"#, .rejected)
        #expect(try daemon.cli(["cancel"]).status == 0)

        // Calibrating.
        #expect(try daemon.cli(["calibrate", "m1", "forward", "akademmistechko"]).status == 0)
        try refused(["calibrate", "m1", "forward", "akademmistechko"],
                    #"{"cmd":"calibrate","line":"m1","direction":"forward","from":"akademmistechko"}"#, .calibrating)
        #expect(try daemon.cli(["calibrate", "--end"]).status == 0)

        // Recording motion, with no accelerometer configured here.
        try refused(["record-motion", "start"], #"{"cmd":"record_start"}"#, .noMotion)
        try refused(["record-motion", "stop"], #"{"cmd":"record_stop"}"#, .notRecording)
        try refused(["record-motion", "export", "9"], #"{"cmd":"record_export","id":9}"#, .noRecording)
        try refused(["record-motion", "delete", "9"], #"{"cmd":"record_delete","id":9}"#, .noRecording)
        // A line over the limit is refused before it is read as a request.
        let long = try RawControlConnection(path: daemon.socketPath)
        long.send(Array(String(repeating: "x", count: 5_000).utf8) + [10])
        #expect(try long.readObject()["code"] as? String == ReplyCode.tooLong.rawValue)
        seen.insert(.tooLong)

        // The rest need what this daemon does not have, and have their own tests: a full socket or a stalled
        // client (ConnectionLimitTests, ControlSocketTests), another user (ControlSocketTests), a failing
        // database (StoreTests), a real board.
        // A second recording and the recordings' cap need an accelerometer (MotionRecordingTests).
        let elsewhere: Set<ReplyCode> = [.busy, .timeout, .permissionDenied, .storage, .notSimulated, .recording, .recordingsFull]
        #expect(seen.union(elsewhere) == Set(ReplyCode.allCases), "untested: \(Set(ReplyCode.allCases).subtracting(seen.union(elsewhere)))")
    }
}
