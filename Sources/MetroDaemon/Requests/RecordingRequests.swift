import FoundationEssentials
import MetroControl
import MetroModel

/// `metrotimer record-motion`: start and stop a recording of the accelerometer, list the recordings, export one a
/// page at a time (the text `metrotimer-lab motion-trace` writes), delete one.
struct RecordingRequests {
    let recorder: MotionRecorder
    let store: SQLiteStore
    /// Wake-up rows (about a second's samples each) per export page: about a minute, some 130 kB of text.
    static let rowsPerPage = 60

    static func document(_ recording: MotionRecording) -> JSONValue {
        .object([
            "id": .number(Double(recording.id)),
            "label": .string(recording.label),
            "started": .string(KyivTimestamp.seconds(unixNanoseconds: recording.startedUnixMilliseconds * 1_000_000)),
            "ended": recording.endedUnixMilliseconds.map { .string(KyivTimestamp.seconds(unixNanoseconds: $0 * 1_000_000)) } ?? .null,
            "end_reason": recording.endReason.map { .string($0.rawValue) } ?? .null,
            "samples": .number(Double(recording.samples)),
            "stops": .number(Double(recording.stops)),
            "seconds": .number(Double(recording.seconds)),
        ])
    }

    func start(label: String?, _ context: RequestContext) -> String {
        do { return ControlReply.ok([.recording: Self.document(try recorder.start(label: label))]) } catch {
            return error.reply(context.language)
        }
    }

    func stop(_ context: RequestContext) -> String {
        do { return ControlReply.ok([.recording: Self.document(try recorder.stop())]) } catch {
            return error.reply(context.language)
        }
    }

    func list(_ context: RequestContext) -> String {
        do { return ControlReply.ok([.recordings: .array(try store.recordings().map(Self.document))]) } catch {
            return RecordingRefusal.storage("\(error)").reply(context.language)
        }
    }

    /// A page of samples as trace lines ("seconds x y z", seconds after the recording's start), the stops in
    /// seconds, and the cursor of the next page (null: this was the last).
    func export(id: Int, after: Int, _ context: RequestContext) -> String {
        do {
            guard let recording = try store.recording(Int64(id)) else {
                return RecordingRefusal.noSuchRecording(id).reply(context.language)
            }
            let origin = recording.startedBootNanoseconds
            // In doubles: a stored stamp is the kernel's, and integer arithmetic on it could trap.
            func seconds(_ boot: Int64) -> String { Self.fixed((Double(boot) - Double(origin)) / 1e9) }
            let rows = try store.recordedBatches(recording.id, after: Int64(after), limit: Self.rowsPerPage)
            var text = ""
            for row in rows {
                for sample in row.samples {
                    text += seconds(sample.bootNanoseconds) + " " + Self.fixed(Double(sample.x)) + " "
                        + Self.fixed(Double(sample.y)) + " " + Self.fixed(Double(sample.z)) + "\n"
                }
            }
            let stops = try store.recordingStops(recording.id).map { JSONValue.string(seconds($0)) }
            let next: JSONValue = rows.count == Self.rowsPerPage ? rows.last.map { .number(Double($0.row)) } ?? .null : .null
            return ControlReply.ok([.recording: Self.document(recording), .samples: .string(text), .stops: .array(stops),
                                    .next: next])
        } catch {
            return RecordingRefusal.storage("\(error)").reply(context.language)
        }
    }

    /// `value` with four decimals, as the trace's `%.4f`.
    static func fixed(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return "0.0000" }
        let units = Int64(scaled)
        let fraction = String(units.magnitude % 10_000)
        return (units < 0 ? "-" : "") + String(units.magnitude / 10_000) + "." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }

    func delete(id: Int, _ context: RequestContext) -> String {
        if recorder.open?.id == Int64(id) { return RecordingRefusal.alreadyRecording(Int64(id)).reply(context.language) }
        do {
            guard try store.deleteRecording(Int64(id)) else { return RecordingRefusal.noSuchRecording(id).reply(context.language) }
            return ControlReply.ok([.deleted: .number(Double(id))])
        } catch {
            return RecordingRefusal.storage("\(error)").reply(context.language)
        }
    }
}
