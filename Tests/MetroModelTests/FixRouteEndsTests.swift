import Testing
@testable import MetroModel

/// Model §5.4 steps 4 and 7 at the two ends of a route, through `decideFix`: a slow fix at the departure station
/// says the train still stands there and leaves now at the earliest; a slow fix at the destination corrects only a
/// model that has not arrived yet.
@Suite("GPS at the departure and the destination (model §5.4)")
struct FixRouteEndsTests {
    let wall = WallClockMapping(unixNanosecondsAtZero: kyivUnix(2026, 8, 17, 11, 0) * 1_000_000_000)

    func trip(_ from: StationID, _ to: StationID) throws -> Trip {
        try kyiv.startTrip(from: from, to: to, t0: Instant(seconds: 3600), wall: wall, calibration: .empty)
    }

    /// A fix at `station` at walking pace or slower, received at `received` and taken a second before.
    func decide(_ trip: Trip, at station: StationID, speed: Double = 0.3, received: Instant,
                seen: PassiveCalibration = PassiveCalibration()) throws -> FixDecision
    {
        let s = try #require(kyiv.station(station))
        let wallNow = wall.unixNanoseconds(at: received)
        let fix = FixInput(latitude: s.latitude, longitude: s.longitude, horizontalErrorMeters: 10, mode: 3,
                           speedMetersPerSecond: speed, receiverUnixNanoseconds: wallNow - 1_000_000_000,
                           receivedAt: received)
        return kyiv.decideFix(trip: trip, fix: fix, seen: seen, calibration: .empty, wallNowUnixNanoseconds: wallNow,
                              lastAppliedGPSCorrection: nil)
    }

    /// Standing at the destination while the model still has the train on its way: a correction, the ride ending
    /// when the fix was taken. Standing there after the model's arrival, or within 5 s of it, moves nothing.
    @Test func theDestinationCorrectsOnlyAModelThatHasNotArrived() throws {
        let trip = try trip("khreshchatyk", "lisova")
        let last = trip.events.count - 1
        #expect(trip.events[last].station == "lisova")
        let arrival = trip.events[last].arrival

        let early = try decide(trip, at: "lisova", received: arrival - 60)
        let seenEarly = arrival - 61
        let behind = FixDecision.accepted(.standing(at: last, arrival: seenEarly, departure: seenEarly),
                                          offTrackMeters: 0, seenAt: seenEarly, correct: true)
        #expect(early == behind)
        let late = try decide(trip, at: "lisova", received: arrival + 60)
        let seenLate = arrival + 59
        let arrived = FixDecision.accepted(.standing(at: last, arrival: seenLate, departure: seenLate),
                                           offTrackMeters: 0, seenAt: seenLate, correct: false)
        #expect(late == arrived, "the model has already arrived: a rider still on the platform does not make the ride later")
        guard case .accepted(_, _, _, let close) = try decide(trip, at: "lisova", received: arrival - 3) else {
            Issue.record("placed"); return
        }
        #expect(!close, "4 s before the model's arrival agrees with it")
    }

    /// Standing at the departure station: it leaves at the fix at the earliest, and while a later fix still sees
    /// it there, it leaves then — not a dwell after it was first seen (the departure station has no dwell).
    @Test func standingAtTheDepartureStationLeavesNowAtTheEarliest() throws {
        let trip = try trip("hidropark", "lisova")
        #expect(trip.events[0].station == "hidropark" && trip.events[0].departure == trip.t0)

        let first = try decide(trip, at: "hidropark", received: trip.t0 + 20)
        let firstSeen = trip.t0 + 19
        let leavesAtTheFix = FixDecision.accepted(.standing(at: 0, arrival: firstSeen, departure: firstSeen),
                                                  offTrackMeters: 0, seenAt: firstSeen, correct: true)
        #expect(first == leavesAtTheFix)
        var seen = PassiveCalibration()
        let stops = trip.route.map { PassiveCalibration.Stop(station: $0.station, isTransfer: $0.isTransfer, dwellSeconds: 0) }
        _ = seen.noteStanding(at: 0, seenAt: trip.t0 + 19, route: stops)
        let still = try decide(trip, at: "hidropark", received: trip.t0 + 50, seen: seen)
        let stillSeen = trip.t0 + 49
        let leavesNow = FixDecision.accepted(.standing(at: 0, arrival: firstSeen, departure: stillSeen),
                                             offTrackMeters: 0, seenAt: stillSeen, correct: true)
        #expect(still == leavesNow)
        guard case .accepted(_, _, _, let agreeing) = try decide(trip, at: "hidropark", received: trip.t0 + 4) else {
            Issue.record("placed"); return
        }
        #expect(!agreeing, "3 s after the model's departure agrees with it")

        // Applied, the whole schedule moves with the departure.
        guard case .accepted(let placement, _, let seenAt, _) = still else { return }
        let moved = kyiv.applyPlacement(trip: trip, placement, seenAt: seenAt, calibration: .empty)
        let later = trip.arrival + 49
        #expect(moved.events[0].departure == stillSeen && moved.arrival == later)
    }
}
