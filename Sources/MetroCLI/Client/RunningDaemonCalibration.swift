import MetroControl
import MetroModel

/// The rider's calibration as the running daemon holds it (it owns the state database; asking it avoids a second
/// reader of a file it writes, and gives exactly the figures the next ride uses).
enum RunningDaemonCalibration {
    /// Why no calibration could be had, in words for the plan.
    struct Unavailable: Error {
        let reason: Phrase
    }

    /// Asks the daemon at `--socket`, `$METROTIMER_SOCKET` or the default socket; a daemon that is not there or
    /// does not answer within 2 s leaves the plan on the timetable, saying why.
    static func ask(socketOption: String?, environment: [String: String], language: Language)
        -> Result<CalibrationStore, Unavailable>
    {
        let path = DaemonClient.socketPath(option: socketOption, environment: environment)
        do throws(CLIError) {
            let client = try DaemonClient(path: path, language: language)
            client.replyTimeoutMilliseconds = 2_000
            let reply = try client.request(.calibration)
            let document = try ReplyDocument.decode(CalibrationDocument.self, reply, field: .calibration, language: language)
            var records: [CalibrationRecord] = []
            for segment in document.segments {
                guard let key = SegmentKey(segment.segment) else { continue }
                func average(_ value: Double?, _ count: Int) -> CalibrationAverage? {
                    guard let value, count > 0 else { return nil }
                    return CalibrationAverage(average: value, count: count)
                }
                records.append(CalibrationRecord(key: key, running: average(segment.running_avg_s, segment.running_samples),
                                                 dwell: average(segment.dwell_avg_s, segment.dwell_samples)))
            }
            // The same plausibility rules as the daemon's load: nothing implausible reaches the schedule.
            return .success(CalibrationStore.sanitised(records).0)
        } catch {
            return .failure(Unavailable(reason: Phrase(uk: "калібрування недоступне: \(error.message)",
                                                       en: "calibration not available: \(error.message)")))
        }
    }
}
