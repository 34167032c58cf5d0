import MetroControl
import MetroIIO
import MetroModel
import MetroSystem

/// Why a recording request was refused, in both languages, with its reply code.
struct RecordingRefusal: Error, Equatable {
    let code: ReplyCode
    let phrase: Phrase

    static let noMotion = RecordingRefusal(
        code: .noMotion,
        phrase: Phrase(uk: "запис руху неможливий: акселерометр не налаштовано (motion_device)",
                       en: "cannot record motion: no accelerometer is configured (motion_device)"))
    static func alreadyRecording(_ id: Int64) -> RecordingRefusal {
        RecordingRefusal(code: .recording, phrase: Phrase(uk: "запис \(id) уже триває; спершу зупиніть його (record-motion stop)",
                                                          en: "recording \(id) is already running; stop it first (record-motion stop)"))
    }
    static let notRecording = RecordingRefusal(
        code: .notRecording, phrase: Phrase(uk: "запис руху не триває", en: "no motion recording is running"))
    static func noSuchRecording(_ id: Int) -> RecordingRefusal {
        RecordingRefusal(code: .noRecording, phrase: Phrase(uk: "немає запису з номером \(id) (див. record-motion list)",
                                                            en: "no recording with id \(id) (see record-motion list)"))
    }
    static func full(hours: Int) -> RecordingRefusal {
        RecordingRefusal(code: .recordingsFull,
                         phrase: Phrase(uk: "записи вже займають \(hours) год — найбільше, що зберігається; видаліть експортований запис (record-motion delete ID)",
                                        en: "recordings already hold \(hours) h, the most kept; delete an exported one (record-motion delete ID)"))
    }
    static func storage(_ detail: String) -> RecordingRefusal {
        RecordingRefusal(code: .storage, phrase: Phrase(uk: "базу стану не вдалося записати: «\(detail)»",
                                                        en: "the state database refused the write: \(detail)"))
    }

    func reply(_ language: Language) -> String { ControlReply.error(phrase(language), code: code) }
}

/// `metrotimer record-motion`: labelled rides kept in the state database. While a recording is open the
/// accelerometer is read (with or without a trip), each wake-up's samples are written in one transaction, and a
/// short press with no trip riding is the rider's "stopped at a station" at the press's kernel time. A recording
/// ends when the rider stops it, at its cap (two hours), when the sensor fails or the state database refuses its
/// samples, or when the daemon stops; what was stored is kept until the rider deletes it.
///
/// The caps mean what they say whatever the sensor's rate (a polled one gives 25 samples a second, a buffered one
/// what it was set to): a recording's two hours are counted on its samples' own stamps, and the room kept for all
/// recordings is counted in samples, the storage they take (eight hours at 50 a second, about 29 MB).
final class MotionRecorder {
    /// A recording's length at most, from its first sample's stamp: two hours.
    static let defaultNanosecondsPerRecording: Int64 = 2 * 3600 * 1_000_000_000
    /// Samples kept over every recording: eight hours at the 50 a second asked (about 29 MB).
    static let defaultSamplesInAll = Int64(8 * 3600 * MotionLink.samplesPerSecond)

    private let store: SQLiteStore
    private let motion: MotionLink?
    private let log: Logger
    private let wallNowMilliseconds: () -> Int64
    private let bootNow: () -> Int64
    let nanosecondsPerRecording: Int64
    let samplesInAll: Int64
    /// The open recording: its id, label, the samples it holds, its first sample's stamp, and the samples the other
    /// recordings held when it started (deleting one meanwhile only makes the total cap come early, never late).
    private(set) var open: (id: Int64, label: String, samples: Int64, firstStamp: Int64?, othersSamples: Int64)?
    /// The last recording the daemon stopped by itself (cap, sensor, storage), until the next start or stop.
    private var stoppedByItself: (id: Int64, label: String, reason: MotionRecording.EndReason)?
    /// Told when the recording starts or ends (the status shows it).
    var onChange: () -> Void = {}

    /// The status's `recording`.
    var statusNote: StatusDocument.Recording? {
        if let open { return StatusDocument.Recording(id: open.id, label: open.label, end_reason: nil, note: nil) }
        guard let stopped = stoppedByItself else { return nil }
        let note = switch stopped.reason {
        case .cap: Phrase(uk: "запис \(stopped.id) зупинено на межі обсягу; збережене лишається",
                          en: "recording \(stopped.id) stopped at its cap; what it stored is kept")
        case .storage: Phrase(uk: "запис \(stopped.id) зупинено: база стану не прийняла запис; збережене лишається",
                              en: "recording \(stopped.id) stopped: the state database refused a write; what it stored is kept")
        default: Phrase(uk: "запис \(stopped.id) зупинено: збій акселерометра; збережене лишається",
                        en: "recording \(stopped.id) stopped: the accelerometer failed; what it stored is kept")
        }
        return StatusDocument.Recording(id: stopped.id, label: stopped.label, end_reason: stopped.reason.rawValue,
                                        note: ["uk": note.uk, "en": note.en])
    }

    /// Ends a recording the daemon's last run left open (what it stored stays).
    init(store: SQLiteStore, motion: MotionLink?, log: Logger, wallNowMilliseconds: @escaping () -> Int64,
         bootNow: @escaping () -> Int64,
         nanosecondsPerRecording: Int64 = MotionRecorder.defaultNanosecondsPerRecording,
         samplesInAll: Int64 = MotionRecorder.defaultSamplesInAll) throws
    {
        self.store = store
        self.motion = motion
        self.log = log
        self.wallNowMilliseconds = wallNowMilliseconds
        self.bootNow = bootNow
        self.nanosecondsPerRecording = nanosecondsPerRecording
        self.samplesInAll = samplesInAll
        for id in try store.endOpenRecordings(reason: .restart, unixMilliseconds: wallNowMilliseconds()) {
            log.notice("record-motion: recording \(id) was open when the daemon stopped; ended, its samples kept")
        }
    }

    var isRecording: Bool { open != nil }

    /// Opens a recording and starts the sensor for it.
    func start(label: String?) throws(RecordingRefusal) -> MotionRecording {
        guard let motion else { throw .noMotion }
        if let open { throw .alreadyRecording(open.id) }
        do {
            let stored = try store.recordedSamples()
            guard stored < samplesInAll else {
                throw RecordingRefusal.full(hours: Int(samplesInAll / Int64(3600 * MotionLink.samplesPerSecond)))
            }
            let id = try store.beginRecording(label: label ?? "", startedUnixMilliseconds: wallNowMilliseconds(),
                                              startedBootNanoseconds: bootNow())
            open = (id, label ?? "", 0, nil, stored)
            stoppedByItself = nil
            log.info("record-motion: recording \(id) started\(label.map { " ('\($0)')" } ?? "")")
            motion.setRecording(id)
            onChange()
            if !motion.isReading {
                let why = motion.faultText ?? Phrase(uk: "акселерометр не вмикається", en: "the accelerometer does not start")
                abandon(id)
                throw RecordingRefusal(code: .noMotion, phrase: Phrase(uk: "запис руху неможливий: \(why.uk)",
                                                                      en: "cannot record motion: \(why.en)"))
            }
            return try recording(id)
        } catch let refusal as RecordingRefusal {
            throw refusal
        } catch {
            throw .storage("\(error)")
        }
    }

    /// Ends the open recording.
    func stop() throws(RecordingRefusal) -> MotionRecording {
        guard let open else { throw .notRecording }
        end(reason: .stopped)
        do { return try recording(open.id) } catch { throw .storage("\(error)") }
    }

    /// The sensor failed while recording: the recording ends (the failure is the status's fault).
    func sensorFailed() {
        guard open != nil else { return }
        end(reason: .sensor)
    }

    /// Ends the open recording, if any, when the daemon stops.
    func close() {
        guard open != nil else { return }
        end(reason: .restart)
    }

    /// Takes back a recording whose sensor would not start: it holds nothing, and an entry for it in the list (or a
    /// status note that it "stopped") would read as a recording that ran. The refusal says why.
    private func abandon(_ id: Int64) {
        open = nil
        motion?.setRecording(nil)
        do { _ = try store.deleteRecording(id) } catch {
            log.warning("record-motion: recording \(id), refused at its start, could not be removed: \(error)")
            try? store.endRecording(id, reason: .sensor, unixMilliseconds: wallNowMilliseconds())
        }
        log.info("record-motion: recording \(id) not started: the accelerometer did not start")
        onChange()
    }

    private func end(reason: MotionRecording.EndReason) {
        guard let open else { return }
        self.open = nil
        stoppedByItself = [.cap, .sensor, .storage].contains(reason) ? (open.id, open.label, reason) : nil
        defer { onChange() }
        motion?.setRecording(nil)
        do { try store.endRecording(open.id, reason: reason, unixMilliseconds: wallNowMilliseconds()) } catch {
            log.warning("record-motion: recording \(open.id) could not be marked ended: \(error)")
        }
        log.info("record-motion: recording \(open.id) ended (\(reason.rawValue)), \(open.samples) samples")
    }

    /// One wake-up's readings: one transaction, and no other query. At a cap the recording ends with a log line,
    /// and the list says why.
    func take(_ readings: [AccelerometerReading]) {
        guard let current = open, let first = current.firstStamp ?? readings.first?.boottimeNanoseconds else { return }
        let room = max(0, samplesInAll - current.othersSamples - current.samples)
        let inTime = readings.prefix { $0.boottimeNanoseconds &- first < nanosecondsPerRecording }
        let kept = inTime.prefix(Int(min(Int64(inTime.count), room)))
        do {
            try store.appendRecording(current.id, samples: kept.map {
                RecordedSample(bootNanoseconds: $0.boottimeNanoseconds, x: Float($0.x), y: Float($0.y), z: Float($0.z))
            })
        } catch {
            log.warning("record-motion: recording \(current.id) could not store a second's samples: \(error); recording ended")
            end(reason: .storage)
            return
        }
        open?.samples += Int64(kept.count)
        open?.firstStamp = first
        if inTime.count < readings.count {
            log.notice("record-motion: recording \(current.id) reached its cap of \(nanosecondsPerRecording / 60_000_000_000) minutes; recording stopped, nothing deleted")
            end(reason: .cap)
        } else if kept.count < readings.count || current.othersSamples + current.samples + Int64(kept.count) >= samplesInAll {
            log.notice("record-motion: recordings reached the cap of \(samplesInAll) samples in all; recording \(current.id) stopped, nothing deleted")
            end(reason: .cap)
        }
    }

    /// A short press while recording and no trip rides: "stopped at a station" at the press's kernel time.
    /// Whether it was taken as such.
    func stopPressed(atBoottime boottime: Int64) -> Bool {
        guard let open else { return false }
        do { try store.addRecordingStop(open.id, bootNanoseconds: boottime) } catch {
            log.warning("record-motion: recording \(open.id) could not store a stop: \(error)")
            return false
        }
        log.info("record-motion: recording \(open.id): stopped at a station")
        return true
    }

    func recording(_ id: Int64) throws -> MotionRecording {
        guard let found = try store.recording(id) else {
            throw RecordingRefusal.noSuchRecording(Int(id))
        }
        return found
    }
}
