import Foundation
import Glibc
import MetroCLI
import MetroControl
import MetroIIO
import MetroModel
import MetroSQLite
import MetroSystem
import Testing
@testable import MetroDaemon

/// `record-motion`: the daemon (in process, its loop turned by the test) recording an accelerometer of the test's
/// making (a sysfs tree and a FIFO) into a real state database, a press labelling a stop, the export; the refusals;
/// the caps; a restart; the schema upgrade keeping an older database's rows.
@Suite(.serialized) struct MotionRecordingTests {
    struct NullSink: LogSink { func write(line: String) {} }

    /// A daemon on the simulated board, with `motion_device = accel_3d` on `sensor` (or none).
    static func daemon(_ sensor: FakeAccelerometer?, log: Logger = Logger(sink: NullSink())) throws -> (Daemon, DaemonProcess) {
        let files = try DaemonProcess(extra: sensor == nil ? [] : ["motion_device = accel_3d"])
        try FileManager.default.createDirectory(atPath: files.stateDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let (config, _) = try ConfigLoader.load(path: files.configPath, environment: [:])
        let daemon = try Daemon(config: config, configPath: files.configPath, environment: [:], log: log,
                                iio: (sensor?.sysfs ?? "/nonexistent", sensor?.dev ?? "/nonexistent"))
        return (daemon, files)
    }

    static func close(_ daemon: Daemon) {
        daemon.recorder.close()
        daemon.motion?.close()
        daemon.device.silence()
        daemon.hardware.release()
        daemon.control.close()
    }

    static func ask(_ daemon: Daemon, _ request: ControlRequest) throws -> JSONValue {
        let line = daemon.router.reply(to: ControlEnvelope(request: request), peer: ControlServer.Peer(pid: getpid(), uid: getuid())).reply
        return try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
    }

    /// Turns the daemon's loop until `done` holds, for at most `seconds` (a budget for a loaded machine: every use
    /// waits for something that must happen).
    static func turn(_ daemon: Daemon, seconds: Double = mustHappenWithin, until done: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try done() { return true }
            _ = try daemon.loop.runOnce(timeoutMilliseconds: 50)
        }
        return try done()
    }

    /// A recorder on a real state database in a scratch folder and the link to a sensor of the test's making, with
    /// no daemon around them: the test hands the recorder its readings.
    final class RecorderRig {
        let directory: URL
        let sensor: FakeAccelerometer
        let sink = RecordingLogSink()
        var log: Logger { Logger(sink: sink) }
        let store: SQLiteStore
        let motion: MotionLink

        init(_ name: String) throws {
            directory = try makeScratchDirectory(name)
            sensor = try FakeAccelerometer()
            store = try SQLiteStore(directory: directory.path, log: Logger(sink: sink))
            motion = try MotionLink(device: "accel_3d", loop: EventLoop(), log: Logger(sink: sink), clock: ModelClock(scale: 1),
                                    sysfs: sensor.sysfs, dev: sensor.dev)
        }

        func recorder(nanosecondsPerRecording: Int64 = MotionRecorder.defaultNanosecondsPerRecording,
                      samplesInAll: Int64 = MotionRecorder.defaultSamplesInAll) throws -> MotionRecorder
        {
            try MotionRecorder(store: store, motion: motion, log: log, wallNowMilliseconds: { 1_780_000_000_000 },
                               bootNow: { 1_000_000_000 }, nanosecondsPerRecording: nanosecondsPerRecording,
                               samplesInAll: samplesInAll)
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test func aRecordingStoresSamplesAndAPressAndExportsThemAsATrace() throws {
        let sensor = try FakeAccelerometer()
        let (daemon, files) = try Self.daemon(sensor)
        defer { Self.close(daemon); files.remove() }
        let started = try Self.ask(daemon, .recordStart(label: "M1 lisova → teremky"))
        #expect(started["ok"]?.boolValue == true, "\(started)")
        let id = try #require(started["recording"]?["id"]?.intValue)
        #expect(started["recording"]?["label"]?.stringValue == "M1 lisova → teremky")
        #expect(sensor.bufferEnabled && daemon.motion?.isReading == true, "recording reads the sensor with no trip")
        let status = try Self.ask(daemon, .status)
        #expect(status["status"]?["recording"]?["id"]?.intValue == id && status["status"]?["recording"]?["end_reason"] == JSONValue.null,
                "\(status)")

        let again = try Self.ask(daemon, .recordStart(label: nil))
        #expect(again["code"]?.stringValue == "recording")
        #expect(again["error"]?.stringValue?.contains("recording \(id) is already running") == true, "\(again)")

        // Two wake-ups' samples (1 g on z), stamped just after the start.
        let boot = try #require(try daemon.store.recordings().first?.startedBootNanoseconds)
        try sensor.write([(0, 0, 10_000, boot + 10_000_000), (1000, -500, 9_990, boot + 30_000_000)])
        let twoStored = try Self.turn(daemon) { try daemon.store.recordings().first?.samples == 2 }
        #expect(twoStored)
        try sensor.write([(2000, 0, 10_000, boot + 50_000_000)])
        let threeStored = try Self.turn(daemon) { try daemon.store.recordings().first?.samples == 3 }
        #expect(threeStored)
        // One batch row per wake-up.
        let batches = try daemon.store.recordedBatches(Int64(id), after: 0, limit: 10).map(\.samples.count)
        #expect(batches == [2, 1])

        // A short press with no trip: "stopped at a station", and no trip started.
        let pressed = try Self.ask(daemon, .press(holdMilliseconds: 100, button: 1))
        #expect(pressed["ok"]?.boolValue == true, "\(pressed)")
        let stopStored = try Self.turn(daemon) { try daemon.store.recordings().first?.stops == 1 }
        #expect(stopStored)
        #expect(daemon.engine.active == nil, "the press labelled a stop; it did not start a trip")

        let stopped = try Self.ask(daemon, .recordStop)
        #expect(stopped["recording"]?["end_reason"]?.stringValue == "stopped" && stopped["recording"]?["samples"]?.intValue == 3)
        #expect(!sensor.bufferEnabled && daemon.motion?.isReading == false, "stopped, the sensor is off again")
        let list = try Self.ask(daemon, .recordings)
        #expect(list["recordings"]?.arrayValue?.count == 1 && list["recordings"]?.arrayValue?.first?["stops"]?.intValue == 1)

        let export = try Self.ask(daemon, .recordExport(id: id, after: 0))
        let lines = (export["samples"]?.stringValue ?? "").split(separator: "\n")
        #expect(lines == ["0.0100 0.0000 0.0000 9.8067", "0.0300 0.9807 -0.4903 9.7968", "0.0500 1.9613 0.0000 9.8067"],
                "\(export)")
        #expect(export["stops"]?.arrayValue?.count == 1 && export["next"] == JSONValue.null)

        let unknown = try Self.ask(daemon, .recordExport(id: 99, after: 0))
        #expect(unknown["code"]?.stringValue == "no_recording" && unknown["error"]?.stringValue?.contains("no recording with id 99") == true)
        let notRunning = try Self.ask(daemon, .recordStop)
        #expect(notRunning["code"]?.stringValue == "not_recording")
        let deleted = try Self.ask(daemon, .recordDelete(id: id))
        #expect(deleted["deleted"]?.intValue == id)
        #expect(try daemon.store.recordings().isEmpty && daemon.store.recordedBatches(Int64(id), after: 0, limit: 10).isEmpty)
    }

    /// Runs `metrotimer` on another thread while this one turns the daemon's loop; its exit status and output.
    static func cli(_ daemon: Daemon, _ arguments: [String]) throws -> (status: Int32, output: CapturedOutput) {
        final class Result: @unchecked Sendable {
            let lock = NSLock()
            var value: (Int32, CapturedOutput)?
        }
        let result = Result()
        let socket = daemon.control.path
        let thread = Thread {
            let output = CapturedOutput()
            let status = MetrotimerCLI.run(arguments + ["--socket", socket, "--lang", "en"], environment: [:], executablePath: nil,
                                           now: { Clocks.now(.realtime) }, output: output)
            result.lock.withLock { result.value = (status, output) }
        }
        thread.start()
        let finished = try turn(daemon, seconds: mustHappenWithin) { result.lock.withLock { result.value != nil } }
        guard finished, let (status, output) = result.lock.withLock({ result.value }) else { throw POSIXError(.ETIMEDOUT) }
        return (status, output)
    }

    @Test func theCommandLineExportsEveryPageAsTheLabsTraceWithTheStops() throws {
        let sensor = try FakeAccelerometer()
        let (daemon, files) = try Self.daemon(sensor)
        defer { Self.close(daemon); files.remove() }
        let started = try Self.cli(daemon, ["record-motion", "start", "M2 ride"])
        #expect(started.status == 0 && started.output.standardOutput.contains("recording started:"), "\(started.output.standardError)")
        let status = try Self.cli(daemon, ["status"])
        #expect(status.output.standardOutput.contains("Recording motion: 1 (metrotimer record-motion stop)"), "\(status.output.standardOutput)")
        let boot = try #require(try daemon.store.recordings().first?.startedBootNanoseconds)
        // More wake-ups than one export page holds: the command line follows the cursor to the end.
        let wakeUps = RecordingRequests.rowsPerPage + 2
        for n in 0..<wakeUps {
            try sensor.write([(0, 0, 10_000, boot + Int64(n + 1) * 1_000_000_000)])
            let stored = try Self.turn(daemon) { try daemon.store.recordings().first?.samples == Int64(n + 1) }
            #expect(stored)
        }
        try daemon.store.addRecordingStop(1, bootNanoseconds: boot + 2_500_000_000)
        #expect(try Self.cli(daemon, ["record-motion", "stop"]).status == 0)
        let list = try Self.cli(daemon, ["record-motion", "list"])
        // One sample a wake-up, a second apart: the first to the last spans one second fewer than the wake-ups.
        let span = "(~\(wakeUps - 1) s)"
        #expect(list.output.standardOutput.contains("1. ") && list.output.standardOutput.contains("'M2 ride'")
                && list.output.standardOutput.contains("\(wakeUps) samples \(span)")
                && list.output.standardOutput.contains("stops: 1; stopped"),
                "\(list.output.standardOutput)")
        let file = files.directory.appendingPathComponent("ride.trace").path
        let exported = try Self.cli(daemon, ["record-motion", "export", "1", "--output", file])
        #expect(exported.status == 0, "\(exported.output.standardError)")
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.hasPrefix("# metrotimer record-motion 1 'M2 ride', started ") == true, "\(lines.prefix(3))")
        #expect(lines.dropFirst().first == "# stop 2.5000")
        let samples = lines.filter { !$0.hasPrefix("#") }
        #expect(samples.count == wakeUps && samples.first == "1.0000 0.0000 0.0000 9.8067" && samples.last == "\(wakeUps).0000 0.0000 0.0000 9.8067")
        // Without --output the same text goes to standard output, page by page.
        let printed = try Self.cli(daemon, ["record-motion", "export", "1"])
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(printed.status == 0 && printed.output.standardOutput == written)
        // A refused export leaves the file it was to replace as it was, and nothing beside it.
        let unknown = try Self.cli(daemon, ["record-motion", "export", "7", "--output", file])
        #expect(unknown.status == 1 && unknown.output.standardError.contains("no recording with id 7"), "\(unknown.output.standardError)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == written)
        let beside = try FileManager.default.contentsOfDirectory(atPath: files.directory.path).filter { $0.contains("ride.trace") }
        #expect(beside == ["ride.trace"])
        let badID = try Self.cli(daemon, ["record-motion", "export", "x"])
        #expect(badID.status == 64 && badID.output.standardError.contains("takes a recording id"))
    }

    /// The daemon publishes its status after every change; a sensor that would not start is tried once a trip.
    @Test func aSensorThatWillNotStartIsTriedOncePerTripThroughEveryPublish() throws {
        let sensor = try FakeAccelerometer()
        let sink = RecordingLogSink()
        let (daemon, files) = try Self.daemon(sensor, log: Logger(sink: sink))
        defer { Self.close(daemon); files.remove() }
        unlink(sensor.characterDevice)
        func warnings() -> Int { sink.lines.filter { $0.contains("this ride goes on without motion") }.count }
        for ride in 1...2 {
            _ = try Self.ask(daemon, .chooseRoute(from: "lisova", to: "teremky"))
            let started = try Self.ask(daemon, .start)
            #expect(started["ok"]?.boolValue == true, "\(started)")
            // Corrections and status requests publish the status again, riding the same trip.
            for _ in 0..<3 {
                _ = try Self.ask(daemon, .plus)
                _ = try Self.ask(daemon, .minus)
            }
            #expect(warnings() == ride, "one warning per trip:\n\(sink.text)")
            let status = try Self.ask(daemon, .status)
            #expect(status["status"]?["fault_details"]?.arrayValue?.first?["part"]?.stringValue == "motion")
            _ = try Self.ask(daemon, .cancel)
        }
    }

    @Test func withoutAnAccelerometerRecordingIsRefusedByName() throws {
        let (daemon, files) = try Self.daemon(nil)
        defer { Self.close(daemon); files.remove() }
        let reply = try Self.ask(daemon, .recordStart(label: nil))
        #expect(reply["code"]?.stringValue == "no_motion")
        #expect(reply["error"]?.stringValue?.contains("no accelerometer is configured (motion_device)") == true, "\(reply)")
        let uk = daemon.router.reply(to: ControlEnvelope(request: .recordStart(label: nil), language: .uk),
                                     peer: ControlServer.Peer(pid: getpid(), uid: getuid())).reply
        #expect(uk.contains("акселерометр не налаштовано"))
    }

    /// A sensor that will not start refuses the recording with its reason, and leaves nothing behind: no entry in
    /// the list, no status note of a recording "stopped"; the next start, with the sensor back, is an ordinary one.
    @Test func aRecordingWhoseSensorWillNotStartIsRefusedAndLeavesNothing() throws {
        let sensor = try FakeAccelerometer()
        let (daemon, files) = try Self.daemon(sensor)
        defer { Self.close(daemon); files.remove() }
        unlink(sensor.characterDevice)
        let refused = try Self.ask(daemon, .recordStart(label: "M2"))
        #expect(refused["code"]?.stringValue == "no_motion")
        #expect(refused["error"]?.stringValue?.contains("no character device") == true, "\(refused)")
        #expect(try daemon.store.recordings().isEmpty, "nothing recorded, nothing listed")
        let status = try Self.ask(daemon, .status)
        #expect(status["status"]?["recording"] == JSONValue.null, "\(status)")
        #expect(!daemon.recorder.isRecording && daemon.motion?.isReading == false)

        guard mkfifo(sensor.characterDevice, 0o600) == 0 else { throw POSIXError(.EIO) }
        let started = try Self.ask(daemon, .recordStart(label: "M2"))
        #expect(started["ok"]?.boolValue == true, "\(started)")
        #expect(try daemon.store.recordings().count == 1)
    }

    /// The state database refusing a second's samples (a full card) ends the recording as `storage`, not as a sensor
    /// failure: what was stored before stays, and the status says which part failed. The refusal is a trigger made
    /// by a second connection, as another program on the card could.
    @Test func aDatabaseThatRefusesTheSamplesEndsTheRecordingAsStorage() throws {
        let rig = try RecorderRig("record-storage")
        defer { rig.remove() }
        let (sink, store, motion) = (rig.sink, rig.store, rig.motion)
        let recorder = try rig.recorder()
        let recording = try recorder.start(label: "full card")
        recorder.take([AccelerometerReading(boottimeNanoseconds: 1_010_000_000, x: 0, y: 0, z: 9.8)])
        let other = try SQLiteDatabase(path: store.path, create: false)
        try other.execute("CREATE TRIGGER full_card BEFORE INSERT ON motion_batches BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END")
        recorder.take([AccelerometerReading(boottimeNanoseconds: 1_030_000_000, x: 0, y: 0, z: 9.8)])
        #expect(!recorder.isRecording && !motion.isReading, "the recording ends and the sensor with it")
        let ended = try #require(try store.recording(recording.id))
        #expect(ended.endReason == .storage && ended.samples == 1, "the second stored before stays")
        #expect(recorder.statusNote?.end_reason == "storage")
        #expect(recorder.statusNote?.note?["en"] == "recording \(recording.id) stopped: the state database refused a write; what it stored is kept")
        #expect(sink.text.contains("could not store a second's samples") && sink.text.contains("disk is full"), "\(sink.text)")

        // The note stays until the rider starts or stops a recording: a start shows the open one, a stop shows none.
        try other.execute("DROP TRIGGER full_card")
        let next = try recorder.start(label: nil)
        #expect(recorder.statusNote?.id == next.id && recorder.statusNote?.end_reason == nil && recorder.statusNote?.note == nil)
        _ = try recorder.stop()
        #expect(recorder.statusNote == nil, "a recording the rider stopped needs no note")
    }

    @Test func badLabelsAndIdsAreRefusedNamingWhatWasWrong() throws {
        let long = String(repeating: "я", count: ControlRequest.maximumRecordingLabel + 1)
        #expect {
            _ = try ControlRequest.parse(#"{"cmd":"record_start","label":"\#(long)"}"#)
        } throws: { ($0 as? ControlRequestError)?.message == "field 'label' must be 1 to 80 characters" }
        #expect {
            _ = try ControlRequest.parse(#"{"cmd":"record_start","label":"a\nb"}"#)
        } throws: { ($0 as? ControlRequestError)?.message.contains("must not contain control characters") == true }
        #expect {
            _ = try ControlRequest.parse(#"{"cmd":"record_export"}"#)
        } throws: { ($0 as? ControlRequestError)?.message.contains("'id'") == true }
        let parsed = try ControlRequest.parse(#"{"cmd":"record_start","label":"ride 1"}"#)
        #expect(parsed == .recordStart(label: "ride 1"))
        let line = ControlRequest.recordExport(id: 3, after: 17).line
        #expect(try ControlRequest.parse(line) == .recordExport(id: 3, after: 17))
    }

    /// The caps at a small scale: a recording of 100 ms (its samples' own stamps, 20 ms apart: five of them) and
    /// eight samples in all.
    @Test func theCapStopsTheRecordingAndARestartEndsAnOpenOneKeepingItsSamples() throws {
        let rig = try RecorderRig("record-cap")
        defer { rig.remove() }
        let (sink, log, store, motion) = (rig.sink, rig.log, rig.store, rig.motion)
        let recorder = try rig.recorder(nanosecondsPerRecording: 100_000_000, samplesInAll: 8)
        let first = try recorder.start(label: "capped")
        var stamp: Int64 = 1_000_000_000
        func readings(_ n: Int) -> [AccelerometerReading] {
            (0..<n).map { _ in
                stamp += 20_000_000
                return AccelerometerReading(boottimeNanoseconds: stamp, x: 0, y: 0, z: 9.8)
            }
        }
        recorder.take(readings(3))
        #expect(recorder.isRecording)
        recorder.take(readings(3))
        #expect(!recorder.isRecording && !motion.isReading, "at the cap the recording stops and the sensor with it")
        let capped = try #require(try store.recordings().first)
        #expect(capped.id == first.id && capped.samples == 5 && capped.endReason == .cap, "the samples up to the cap are kept")
        #expect(sink.text.contains("reached its cap of 0 minutes; recording stopped, nothing deleted"), "\(sink.text)")
        #expect(recorder.statusNote?.end_reason == "cap" && recorder.statusNote?.note?["en"] == "recording \(first.id) stopped at its cap; what it stored is kept")

        // Eight samples in all: a second recording stops at the three left, mid-way through a wake-up's readings.
        let second = try recorder.start(label: "the rest")
        recorder.take(readings(2))
        #expect(recorder.isRecording)
        recorder.take(readings(2))
        #expect(!recorder.isRecording && !motion.isReading, "at the total cap the recording stops")
        #expect(try store.recording(second.id)?.samples == 3 && store.recording(second.id)?.endReason == .cap)
        #expect(sink.text.contains("recordings reached the cap of 8 samples in all; recording \(second.id) stopped, nothing deleted"))
        #expect(throws: RecordingRefusal.self) { _ = try recorder.start(label: nil) }
        #expect(try store.recordings().count == 2, "nothing was deleted to make room")

        // Room again once one is deleted; a third recording, open when the daemon stops: the next start ends it and
        // keeps its samples.
        #expect(try store.deleteRecording(first.id))
        let third = try recorder.start(label: nil)
        recorder.take(readings(2))
        let reopened = try MotionRecorder(store: store, motion: nil, log: log, wallNowMilliseconds: { 1_780_000_100_000 },
                                          bootNow: { 2_000_000_000 }, nanosecondsPerRecording: 100_000_000, samplesInAll: 8)
        #expect(!reopened.isRecording)
        let ended = try #require(try store.recording(third.id))
        #expect(ended.endReason == .restart && ended.samples == 2 && ended.endedUnixMilliseconds == 1_780_000_100_000)
        #expect(try store.recording(second.id)?.endReason == .cap, "an ended recording keeps its end")
        #expect(sink.text.contains("recording \(third.id) was open when the daemon stopped"))
    }

    @Test func aDatabaseOfTheSchemaBeforeRecordingsUpgradesKeepingItsRows() throws {
        let directory = try makeScratchDirectory("record-schema")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("state.db").path
        do {
            let db = try SQLiteDatabase(path: path)
            try db.execute("PRAGMA application_id = \(StoreSchema.applicationID)")
            for migration in StoreSchema.migrations.prefix(4) { try db.execute(migration) }
            try db.execute("""
                INSERT INTO journal (t0_ns, t0_unix_ms, from_station, to_station, planned_s, final_s, confirmed_s,
                    outcome, manual_corrections, late_corrections, gps_corrections, transfers, next_stop_s)
                VALUES (1000000000, 1780000000000, 'lisova', 'teremky', 1800, 1810, 1805, 'arrived', 0, 0, 0, 1, 1690);
                INSERT INTO reminders (position, hour, minute, days, from_station, to_station, created_unix_s)
                VALUES (0, 7, 40, 'mon-fri', 'lisova', 'teremky', 1780000000);
                """)
            try db.setUserVersion(4)
        }
        let sink = RecordingLogSink()
        let store = try SQLiteStore(directory: directory.path, log: Logger(sink: sink))
        let journal = try store.journal(limit: 10)
        #expect(journal.count == 1 && journal.first?.nextStopSeconds == 1690 && journal.first?.confirmedSeconds == 1805)
        let state = try store.load()
        #expect(state.reminders.reminders.count == 1)
        let id = try store.beginRecording(label: "after the upgrade", startedUnixMilliseconds: 1, startedBootNanoseconds: 2)
        try store.appendRecording(id, samples: [RecordedSample(bootNanoseconds: 3, x: 0, y: 0, z: 9.8)])
        #expect(try store.recordings().map(\.samples) == [1])
        let db = try SQLiteDatabase(path: path, create: false)
        #expect(try db.userVersion() == Int64(StoreSchema.version))
        #expect(StoreSchema.version == 5)
    }
}
