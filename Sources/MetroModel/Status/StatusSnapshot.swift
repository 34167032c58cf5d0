/// What a glance at the trip shows (model §11).
///
/// Stable on purpose: every field changes only when an arrival instant passes or a correction applies (no
/// countdown in it), so subscribers are pushed a new snapshot only then. A consumer derives "arrived" as
/// `stopsRemaining == 0` or now ≥ `arrival`.
public struct StatusSnapshot: Equatable, Sendable, Codable {
    public var from: StationID
    public var destination: StationID
    public var t0: Instant
    /// Modelled arrival at the destination.
    public var arrival: Instant
    /// When the trip expires (arrival + 600 s).
    public var expiry: Instant
    /// The alert instants in firing order.
    public var alerts: [AlertPlan]
    /// Stops (events with `isStop`, after the departure) whose arrival is strictly after now.
    public var stopsRemaining: Int
    /// The next stop, or the destination if none is left.
    public var nextStop: StationID
    /// Names of the destination and the next stop, so a client needs no network data.
    public var destinationName: NamePair
    public var nextStopName: NamePair
    /// The line of the event the model is at.
    public var currentLine: LineID
    /// Between the arrival at the exit station and the arrival at the first station after the node.
    public var changingLines: Bool
    /// Stops of the trip as planned at t0.
    public var totalStops: Int
    /// The service warning computed for the trip, if any.
    public var service: ServiceIssue?
    public var manualCorrections: Int
    public var lateCorrections: Int
    public var gpsCorrections: Int

    /// The snapshot of a trip at `now`. `network` is where station facts come from; `service` is the trip's
    /// service warning as computed when it started.
    public init(trip: Trip, network: any RideNetwork, now: Instant, service: ServiceIssue?) {
        let upcoming = trip.events.indices.dropFirst().filter { trip.events[$0].isStop && trip.events[$0].arrival > now }
        from = trip.from
        destination = trip.to
        t0 = trip.t0
        arrival = trip.arrival
        expiry = trip.expiry
        alerts = trip.alerts()
        stopsRemaining = upcoming.count
        nextStop = upcoming.first.map { trip.events[$0].station } ?? trip.to
        currentLine = trip.events[trip.currentIndex(at: now)].line
        changingLines = trip.isChangingLines(at: now)
        totalStops = trip.route.dropFirst().filter(\.isStop).count
        self.service = service
        manualCorrections = trip.manualCorrections
        lateCorrections = trip.lateCorrections
        gpsCorrections = trip.gpsCorrections
        destinationName = network.station(trip.to)?.name ?? NamePair(uk: "", en: "")
        nextStopName = network.station(nextStop)?.name ?? NamePair(uk: "", en: "")
    }
}

/// A station name in both languages, as a snapshot carries it to clients that do not load the network.
public typealias NamePair = Phrase
