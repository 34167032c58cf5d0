import Testing
@testable import MetroModel

@Suite("Status snapshot (model §11)")
struct StatusTests {
    @Test func fields() throws {
        let trip = try plannedTrip("universytet", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 8, 0))
        let service = kyiv.serviceIssue(for: trip)
        let start = StatusSnapshot(trip: trip, network: kyiv, now: trip.t0, service: service)
        #expect(start.destination == "poshtova-ploshcha" && start.arrival == trip.arrival)
        #expect(start.totalStops == 3 && start.stopsRemaining == 3)
        #expect(start.nextStop == "teatralna" && start.nextStopName.en == "Teatralna")
        #expect(start.currentLine == "m1" && !start.changingLines)
        #expect(start.alerts == trip.alerts())
        let walking = StatusSnapshot(trip: trip, network: kyiv, now: trip.t0 + 250, service: service)
        #expect(walking.changingLines && walking.stopsRemaining == 1 && walking.nextStop == "poshtova-ploshcha")
        let done = StatusSnapshot(trip: trip, network: kyiv, now: trip.arrival, service: service)
        #expect(done.stopsRemaining == 0 && done.nextStop == "poshtova-ploshcha" && done.currentLine == "m2")
    }

    @Test func constantWithinASegmentChangingOnlyWhenAnArrivalPasses() throws {
        for (from, to) in [("universytet", "poshtova-ploshcha"), ("heroiv-dnipra", "hidropark"), ("lisova", "syrets")] as [(StationID, StationID)] {
            let trip = try plannedTrip(from, to, at: kyivUnix(2026, 8, 17, 9, 0))
            let arrivals = Set(trip.events.map(\.arrival))
            var previous = StatusSnapshot(trip: trip, network: kyiv, now: trip.t0 - 10, service: nil)
            var changes = 0
            var now = trip.t0 - 9
            while now <= trip.expiry {
                let snapshot = StatusSnapshot(trip: trip, network: kyiv, now: now, service: nil)
                if snapshot != previous {
                    changes += 1
                    #expect(arrivals.contains(now), "\(from)→\(to) changed at \(offset(now, trip)) s, not at an arrival")
                }
                previous = snapshot
                now = now + 1
            }
            #expect(changes >= 2 && changes <= trip.events.count)
        }
    }

    @Test func aCorrectionChangesIt() throws {
        let trip = try plannedTrip("akademmistechko", "khreshchatyk", at: kyivUnix(2026, 8, 17, 12, 0))
        let now = trip.t0 + 300
        let before = StatusSnapshot(trip: trip, network: kyiv, now: now, service: nil)
        let corrected = try kyiv.step(trip, delta: 1, now: now, calibration: .empty)
        let after = StatusSnapshot(trip: corrected, network: kyiv, now: now, service: nil)
        #expect(before != after)
        #expect(after.manualCorrections == 1 && after.lateCorrections == 1)
        #expect(after.stopsRemaining == before.stopsRemaining + 1)
        #expect(after.totalStops == before.totalStops)
    }
}
