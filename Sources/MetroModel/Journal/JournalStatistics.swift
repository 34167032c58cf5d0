/// The accuracy figures of the journal (model §8), for `metrotimer stats`.
public struct JournalStatistics: Sendable, Equatable {
    /// Trips whose true arrival is known (`arrived` with a confirmation that is not a press by mistake: those are
    /// set aside, as in `RideAccuracy`).
    public let measuredTripCount: Int
    /// Median of confirmed − final over measured trips, seconds; the upper median for an even count (it leans
    /// toward the larger, i.e. safer-looking, error, so the figure never flatters). Nil without measured trips.
    public let medianErrorSeconds: Int?
    /// Share (0…1) of measured trips whose error is within ±30 s inclusive. Nil without measured trips.
    public let withinThirtySecondsShare: Double?
    /// Share (0…1) of all applied manual corrections, over every journaled trip whatever its outcome, that
    /// were +1 (`late_corrections / manual_corrections`). It says in which direction the rider finds the
    /// model wrong: near 1 the model runs ahead of the train (warnings early), near 0 it runs behind. Manual
    /// corrections also count "train departed" presses, so this is a lower bound of the +1 share among ±1
    /// presses. Nil when no manual correction was ever applied.
    public let lateCorrectionShare: Double?
    /// Share (0…1) of journaled trips with at least one +1 correction. Nil for an empty journal.
    public let tripsWithLateCorrectionShare: Double?
    /// Number of journaled trips of any outcome.
    public let tripCount: Int

    /// The figures over a journal.
    public init(entries: [JournalEntry]) {
        tripCount = entries.count
        let errors = entries.compactMap(\.measuredErrorSeconds).sorted()
        measuredTripCount = errors.count
        medianErrorSeconds = errors.isEmpty ? nil : errors[errors.count / 2]
        withinThirtySecondsShare = errors.isEmpty
            ? nil : Double(errors.filter { abs($0) <= 30 }.count) / Double(errors.count)
        let manual = entries.reduce(0) { $0 + $1.manualCorrections }
        let late = entries.reduce(0) { $0 + $1.lateCorrections }
        lateCorrectionShare = manual > 0 ? Double(late) / Double(manual) : nil
        tripsWithLateCorrectionShare = entries.isEmpty
            ? nil : Double(entries.filter { $0.lateCorrections > 0 }.count) / Double(entries.count)
    }
}
