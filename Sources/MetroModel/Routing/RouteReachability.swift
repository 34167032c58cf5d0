/// Why the planner found nothing: the fewest changes any route needs (when one exists beyond the allowed number),
/// or the nearest obstacle (when none exists). Both are breadth-first searches with edges of weight 0 and 1 over
/// the same graph, run only after a search failed.
struct RouteReachability {
    let graph: RouteGraph

    /// The fewest changes of any route from station `origin` to station `destination`, or nil when none exists.
    /// States are (node, on the platform), as in the planner: a change is a walk followed by a ride.
    func fewestChanges(from origin: Int, to destination: Int) -> Int? {
        var distance = [Int](repeating: .max, count: graph.nodeCount * 2)
        var deque: [(state: Int, changes: Int)] = []
        var head = 0
        var front: [(state: Int, changes: Int)] = []
        for node in graph.nodes(at: origin) {
            distance[node * 2] = 0
            deque.append((node * 2, 0))
        }
        // A 0-1 search: weight-0 edges go to `front` (searched before the rest of the level), weight 1 to the back.
        while head < deque.count || !front.isEmpty {
            let state: Int, changes: Int
            if let top = front.popLast() {
                (state, changes) = top
            } else {
                (state, changes) = deque[head]
                head += 1
            }
            guard changes == distance[state] else { continue }
            let node = state / 2
            if graph.nodeStation[node] == destination { return changes }
            if graph.running[node] >= 0, changes < distance[(node + 1) * 2] {
                distance[(node + 1) * 2] = changes
                front.append(((node + 1) * 2, changes))
            }
            guard state % 2 == 0 else { continue }
            for edge in graph.changes(from: node) {
                let target = graph.changeTarget[edge] * 2 + 1
                if changes + 1 < distance[target] {
                    distance[target] = changes + 1
                    deque.append((target, changes + 1))
                }
            }
        }
        return nil
    }

    /// The obstacle nearest to a route: over every edge, open ones weighing 0 and suspended rides and forbidden
    /// changes 1, the first obstacle on a way past the fewest of them; `.disconnected` when even that finds none.
    func obstacle(from origin: Int, to destination: Int) -> UnreachableReason {
        let from = graph.stations[origin], to = graph.stations[destination]
        if graph.nodes(at: origin).isEmpty { return .notServed(from) }
        if graph.nodes(at: destination).isEmpty { return .notServed(to) }
        var distance = [Int](repeating: .max, count: graph.nodeCount)
        // How each node was reached: the node before it and whether that step was an obstacle.
        var previous = [(node: Int, blocked: Bool)](repeating: (-1, false), count: graph.nodeCount)
        var deque: [Int] = []
        var head = 0
        var front: [Int] = []
        for node in graph.nodes(at: origin) {
            distance[node] = 0
            deque.append(node)
        }
        func step(_ node: Int, _ target: Int, blocked: Bool) {
            let weight = blocked ? 1 : 0
            guard distance[node] + weight < distance[target] else { return }
            distance[target] = distance[node] + weight
            previous[target] = (node, blocked)
            if blocked { deque.append(target) } else { front.append(target) }
        }
        var reached: Int?
        while head < deque.count || !front.isEmpty {
            let node: Int
            if let top = front.popLast() {
                node = top
            } else {
                node = deque[head]
                head += 1
            }
            if graph.nodeStation[node] == destination {
                reached = node
                break
            }
            if graph.running[node] >= 0 || graph.blockedRide[node] {
                step(node, node + 1, blocked: graph.blockedRide[node])
            }
            for edge in graph.changes(from: node) { step(node, graph.changeTarget[edge], blocked: false) }
            for edge in graph.blockedChangeStart[node] ..< graph.blockedChangeStart[node + 1] {
                step(node, graph.blockedChangeTarget[edge], blocked: true)
            }
        }
        guard var node = reached else { return .disconnected }
        // The obstacle nearest the departure on that way.
        var first: (from: Int, to: Int)?
        while previous[node].node >= 0 {
            if previous[node].blocked { first = (previous[node].node, node) }
            node = previous[node].node
        }
        guard let first else { return .disconnected }
        let a = graph.stations[graph.nodeStation[first.from]], b = graph.stations[graph.nodeStation[first.to]]
        if graph.nodePattern[first.from] == graph.nodePattern[first.to] && first.to == first.from + 1 {
            return .suspended(line: graph.lines[graph.nodeLine[first.from]], from: a, to: b)
        }
        return .transferForbidden(from: a, to: b)
    }
}
