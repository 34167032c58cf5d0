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

    /// What the figures are made of, kept up to date one journaled trip at a time: adding a trip costs a binary
    /// search and one move, reading the figures costs the same whatever the journal's length.
    public struct Tally: Sendable, Equatable {
        var tripCount = 0
        /// Confirmed − final of every measured trip, ascending.
        var errors: [Int] = []
        var withinThirtySeconds = 0
        var manualCorrections = 0
        var lateCorrections = 0
        var tripsWithLateCorrection = 0

        public init() {}

        /// Counts one journaled trip.
        public mutating func add(_ entry: JournalEntry) {
            tripCount += 1
            if let error = entry.measuredErrorSeconds {
                errors.insertSorted(error)
                if abs(error) <= 30 { withinThirtySeconds += 1 }
            }
            manualCorrections += entry.manualCorrections
            lateCorrections += entry.lateCorrections
            if entry.lateCorrections > 0 { tripsWithLateCorrection += 1 }
        }
    }

    /// The figures of a tally.
    public init(_ tally: Tally) {
        tripCount = tally.tripCount
        measuredTripCount = tally.errors.count
        medianErrorSeconds = tally.errors.isEmpty ? nil : tally.errors[tally.errors.count / 2]
        withinThirtySecondsShare = tally.errors.isEmpty
            ? nil : Double(tally.withinThirtySeconds) / Double(tally.errors.count)
        lateCorrectionShare = tally.manualCorrections > 0
            ? Double(tally.lateCorrections) / Double(tally.manualCorrections) : nil
        tripsWithLateCorrectionShare = tally.tripCount == 0
            ? nil : Double(tally.tripsWithLateCorrection) / Double(tally.tripCount)
    }

    /// The figures over a journal.
    public init(entries: [JournalEntry]) {
        var tally = Tally()
        for entry in entries { tally.add(entry) }
        self.init(tally)
    }
}
