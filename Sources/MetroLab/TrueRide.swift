import MetroModel
import MetroTestSupport

/// One true ride of a route, drawn from the world: when the rider really was at each route event, in seconds
/// after the train truly pulled out of the first station.
///
/// At an ordinary stop `arrival` is doors open and `departure` doors closed and moving. At the exit station of a
/// change the rider leaves when the doors open (`departure` = `arrival`). At the boarding station of a change
/// `arrival` is when the new train stands at the platform with the rider there, `departure` when it pulls out;
/// when the boarding station is the destination, `arrival` is when the rider reaches its platform.
public struct TrueRide: Sendable, Equatable {
    public var arrival: [Double]
    public var departure: [Double]
    /// The rider's press after the train pulled out of the first station, seconds (the model's t0 is this late).
    public var pressDelay: Double
    /// The rider's "train departed" press after the new train pulled out, seconds after its departure.
    public var changePressDelay: Double
    /// The headway met on the platform of a change, seconds (nil without a change).
    public var headway: Double?
    /// When the rider reached the platform of a change, seconds (nil without a change): the walk ends there.
    public var platform: Double? = nil

    /// The true destination arrival (doors open).
    public var destinationArrival: Double { arrival[arrival.count - 1] }

    /// The lab's window for "yours is next" when `penultimate` is the route index of the last stop or transfer
    /// before the destination (`Tally.penultimate(of:)`): from 30 s before the train truly arrived there to 30 s
    /// after it left (docs/accuracy.md).
    public func nextStopWindow(at penultimate: Int) -> ClosedRange<Double> {
        (arrival[penultimate] - 30)...(departure[penultimate] + 30)
    }
}

extension World {
    /// Draws one true ride of `route` whose train truly leaves the first station at Unix time `departureUnix`.
    public func drawRide(route: [RouteEvent], departureUnix: Double, _ random: inout SplitMix64) -> TrueRide {
        let last = route.count - 1
        var arrival = [Double](repeating: 0, count: route.count)
        var departure = [Double](repeating: 0, count: route.count)
        var headwayMet: Double?
        var platformReached: Double?
        let pressDelay = random.uniform(assumptions.pressDelay)
        let changePressDelay = random.uniform(assumptions.pressDelay)
        for i in 1...last {
            let event = route[i], previous = route[i - 1]
            if event.isTransfer, let node = network.transfer(from: previous.line, to: event.line),
                node.board == event.station
            {
                let measured = network.transfers.first { Set([$0.a, $0.b]) == Set([node.exit, node.board]) }?.isMeasured ?? false
                let platform = departure[i - 1] + walk(dataWalkSeconds: node.walkSeconds, measured: measured, &random)
                platformReached = platform
                if i == last {
                    arrival[i] = platform
                    departure[i] = platform
                    continue
                }
                var pullsOut = platform
                if let direction = network.direction(from: event.station, to: route[i + 1].station),
                    let headway = headway(line: event.line, direction: direction,
                                          atUnixSeconds: Int64((departureUnix + platform).rounded(.down)), &random)
                {
                    headwayMet = headway
                    pullsOut = platform + wait(headway: headway, &random)
                }
                departure[i] = pullsOut
                arrival[i] = max(platform, pullsOut - dwell(&random))
                continue
            }
            arrival[i] = departure[i - 1] + runningTime(SegmentKey(from: previous.station, to: event.station), &random)
            let changesNext = i < last && route[i + 1].isTransfer
            if i < last && event.isStop && !changesNext {
                departure[i] = arrival[i] + dwell(&random)
            } else {
                departure[i] = arrival[i]
            }
        }
        return TrueRide(arrival: arrival, departure: departure, pressDelay: pressDelay,
                        changePressDelay: changePressDelay, headway: headwayMet, platform: platformReached)
    }
}
