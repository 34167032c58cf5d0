import MetroEngine
import MetroModel

/// When the daemon holds a gpsd watch: only while GPS can help, so gpsd may power the receiver down otherwise.
enum GPSWatchPolicy {
    /// Whether GPS can help now: a trip is running and a station under open sky (`RideNetwork.isOpenSky`:
    /// Kyiv's surface stations, any station of an imported network) still lies ahead on its route.
    static func canHelp(_ status: EngineStatus, network: any RideNetwork) -> Bool {
        guard let trip = status.active?.trip else { return false }
        let current = trip.currentIndex(at: status.now)
        return trip.events.indices.contains { $0 >= current && network.isOpenSky(trip.events[$0].station) }
    }

    /// When GPS stops being able to help on its own: the model's arrival at the event after the last open-sky
    /// station of the route (nil when there is no trip, or the route ends on the surface: then only the trip's
    /// end releases the watch).
    static func helpEnds(_ status: EngineStatus, network: any RideNetwork) -> Instant? {
        guard let trip = status.active?.trip,
              let last = trip.events.indices.last(where: { network.isOpenSky(trip.events[$0].station) }),
              last + 1 < trip.events.count
        else { return nil }
        return trip.events[last + 1].arrival
    }
}
