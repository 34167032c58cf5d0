/// How much earlier than modelled the rider may truly arrive: the uncertainty the schedule carries from its last
/// anchor on, so "yours is next" is never later than the earliest plausible arrival (the accuracy lab's policy,
/// docs/accuracy.md and docs/model.md).
///
/// The shares are the model's own, chosen from the official samples and checked by the lab; they are not the
/// lab's world (which draws from the samples themselves).
public enum ArrivalUncertainty {
    /// The anchor itself may be a few seconds late: a press comes a second or two after the train pulls out.
    public static let anchorSeconds = 5
    /// A running time may be this share shorter, plus `runningFloorSeconds`: every segment's lowest official
    /// departure-to-departure sample lies within 15 % + 5 s of the model's running time below its median.
    public static let runningShare = 0.15
    public static let runningFloorSeconds = 5.0
    /// A dwell may be this share shorter.
    public static let dwellShare = 0.3
    /// A walk between platforms may be this share shorter (the estimated walks are not measured).
    public static let walkShare = 0.4
    /// This share of the running and dwell spreads also adds whole, on top of their root sum of squares: they are
    /// not fully independent (the trains of a line at one hour tend to run fast or slow together — the official
    /// samples come from the first and the last trains), and the lab found a one-line ride in 340 000 fast enough
    /// on every segment to beat the root sum alone.
    public static let correlatedShare = 0.1
    /// How long before the earliest plausible arrival "yours is next" comes at the latest: time to feel the buzz
    /// and reach the doors.
    public static let marginSeconds = 20
}

extension Trip {
    /// The earliest plausible arrival at the destination, given what is still unknown since the last anchor (t0 or
    /// the last correction): each running time and dwell a little shorter, a walk shorter, and the wait at a change
    /// not yet confirmed possibly none at all.
    ///
    /// Where the network data has its own spread (an imported feed's median less its shortest,
    /// `ScheduledEvent.runningSpreadSeconds` and `dwellSpreadSeconds`) and it is wider than the model's share, that
    /// spread adds whole instead: a timetable that runs one trip fast, or holds it nowhere, does so on every
    /// segment, so these spreads go the same way.
    /// The spreads of running times and dwells add as a root sum of squares (they do not all go the same way), plus
    /// `correlatedShare` of their plain sum (neither are they independent); the anchor, the walk and the wait add
    /// whole.
    public var earliestPlausibleArrival: Instant { earliestPlausible(at: events.count - 1) }

    /// The earliest plausible instant of event `index` by the same rule as `earliestPlausibleArrival` (for the
    /// transfer event: the earliest plausible departure of the train after the change, the wait none at all).
    public func earliestPlausible(at index: Int) -> Instant {
        let anchor = current ?? 0
        guard anchor < index, index < events.count else { return events[min(max(index, 0), events.count - 1)].arrival }
        var squares = 0.0, linear = 0.0
        var whole = Double(ArrivalUncertainty.anchorSeconds)
        // A running time's or a dwell's spread: the model's share, into the root sum and the correlated tenth; or
        // the data's own where it is wider, whole.
        func spread(_ share: Double, data: Int?) {
            if let data, Double(data) > share {
                whole += Double(data)
            } else {
                squares += share * share
                linear += share
            }
        }
        for i in (anchor + 1)...index {
            let event = events[i]
            let gap = Double(event.arrival - events[i - 1].departure) / 1e9
            if event.isTransfer {
                let wait = Double(event.bookedWaitSeconds ?? 0)
                whole += wait + ArrivalUncertainty.walkShare * max(gap - wait, 0)
            } else {
                spread(ArrivalUncertainty.runningShare * gap + ArrivalUncertainty.runningFloorSeconds,
                       data: event.runningSpreadSeconds)
            }
            if i < index {
                spread(ArrivalUncertainty.dwellShare * Double(event.departure - event.arrival) / 1e9,
                       data: event.dwellSpreadSeconds)
            }
        }
        // Whole seconds, rounded toward earlier: the alert instants stay on the schedule's whole seconds.
        let slack = Int((whole + squares.squareRoot() + ArrivalUncertainty.correlatedShare * linear).rounded(.up))
        return events[index].arrival - slack
    }

    /// The latest plausible departure of the train after the change whose transfer event is `k`, while that change is
    /// not yet confirmed: the wait booked is a quarter of the headway, the true one may be the whole of it, and the
    /// walk may be longer too. Nil when `k` is not a change's transfer event.
    public func latestPlausibleDeparture(change k: Int) -> Instant? {
        guard events.indices.contains(k), k >= 1, let wait = events[k].bookedWaitSeconds else { return nil }
        let walk = max(Double(events[k].arrival - events[k - 1].departure) / 1e9 - Double(wait), 0)
        let extra = Int((3 * Double(wait) + ArrivalUncertainty.walkShare * walk).rounded(.up))
        return events[k].arrival + extra
    }
}
