import MetroEngine
import MetroModel

/// The failure a `RecordingStore` throws when told to fail: a fixed text, so tests can match `.storage(...)` exactly.
public struct InjectedStoreFailure: Error, CustomStringConvertible {
    public var description: String { "injected write failure" }
}

/// An in-memory `EngineStore` that keeps every write in order, holds the latest stored state like a database
/// would, and can be told to fail the next N writes (a full disk, a locked database).
public final class RecordingStore: EngineStore {
    public init() {}

    /// One write, as the engine asked for it.
    public enum Write: Equatable {
        case activeTrip(ActiveTrip?)
        case endTrip(JournalEntry)
        case calibration(CalibrationStore)
        case routes(RouteBook, selected: RouteChoice?)
        case calibrationSession(StoredCalibrationSession)
        case suspensions([SuspendedStretch])
        case reminders(ReminderBook)
    }

    /// Every successful write, oldest first.
    public private(set) var writes: [Write] = []
    /// Writes refused because of `failNextWrites`.
    public private(set) var failedWrites = 0
    /// The stored state, as a reader of the database would see it now.
    public private(set) var activeTrip: ActiveTrip?
    public private(set) var journalEntries: [JournalEntry] = []
    public private(set) var calibration: CalibrationStore = .empty
    public private(set) var routes = RouteBook()
    public private(set) var selectedRoute: RouteChoice?
    public private(set) var calibrationSessions: [StoredCalibrationSession] = []
    public private(set) var suspensions: [SuspendedStretch] = []
    public private(set) var reminders = ReminderBook()

    /// How many of the next writes fail (each failing write decrements it).
    public var failNextWrites = 0
    /// Writes this says yes to fail (to fail one particular write of a command that makes several).
    public var failWhen: ((Write) -> Bool)?
    /// Called just before a write is accepted — while the engine has not applied the change yet.
    public var beforeWrite: ((Write) -> Void)?

    private var nextJournalID: Int64 = 1

    /// `endTrip` calls that succeeded, in order.
    public var endedTrips: [JournalEntry] {
        writes.compactMap { if case .endTrip(let entry) = $0 { return entry } else { return nil } }
    }

    /// Every active trip saved (nil when cleared), in order.
    public var savedTrips: [ActiveTrip?] {
        writes.compactMap { if case .activeTrip(let trip) = $0 { return .some(trip) } else { return nil } }
    }

    private func record(_ write: Write) throws {
        if failNextWrites > 0 || failWhen?(write) == true {
            failNextWrites = max(failNextWrites - 1, 0)
            failedWrites += 1
            throw InjectedStoreFailure()
        }
        beforeWrite?(write)
        writes.append(write)
    }

    public func saveActiveTrip(_ trip: ActiveTrip?) throws {
        try record(.activeTrip(trip))
        activeTrip = trip
    }

    public func endTrip(_ entry: JournalEntry) throws -> Int64 {
        try record(.endTrip(entry))
        var stored = entry
        stored.id = nextJournalID
        nextJournalID += 1
        journalEntries.insert(stored, at: 0)
        activeTrip = nil
        return stored.id
    }

    public func saveCalibration(_ calibration: CalibrationStore) throws {
        try record(.calibration(calibration))
        self.calibration = calibration
    }

    public func saveRoutes(_ book: RouteBook, selected: RouteChoice?) throws {
        try record(.routes(book, selected: selected))
        routes = book
        selectedRoute = selected
    }

    public func saveCalibrationSession(_ session: StoredCalibrationSession) throws {
        try record(.calibrationSession(session))
        calibrationSessions.append(session)
    }

    public func saveSuspensions(_ stretches: [SuspendedStretch]) throws {
        try record(.suspensions(stretches))
        suspensions = stretches
    }

    public func saveReminders(_ book: ReminderBook) throws {
        try record(.reminders(book))
        reminders = book
    }

    public func journal(limit: Int) throws -> [JournalEntry] { Array(journalEntries.prefix(limit)) }

    /// Like a database transaction: when `body` throws, every write it made is undone.
    public func atomically(_ body: () throws -> Void) throws {
        let saved = (writes, activeTrip, journalEntries, calibration, routes, selectedRoute, calibrationSessions, nextJournalID)
        let savedBooks = (suspensions, reminders)
        do { try body() } catch {
            (writes, activeTrip, journalEntries, calibration, routes, selectedRoute, calibrationSessions, nextJournalID) = saved
            (suspensions, reminders) = savedBooks
            throw error
        }
    }
}
