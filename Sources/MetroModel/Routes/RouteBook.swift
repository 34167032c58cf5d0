/// The rider's pinned and recent routes (model §9).
///
/// Selecting a route from here never starts a trip: the start is always the departure press. So nothing in
/// this book knows about instants; `noteStarted` is called by whoever started the trip.
public struct RouteBook: Sendable, Equatable, Codable {
    /// At most this many pinned routes.
    public static let maxPinned = 6
    /// At most this many recents.
    public static let maxRecents = 3

    /// Pinned routes, newest first.
    public private(set) var pinned: [RouteChoice] = []
    /// Routes started recently, newest first, distinct on from+to (pinned ones included).
    public private(set) var recents: [RouteChoice] = []

    /// An empty book.
    public init() {}

    /// A book from stored lists, normalised (duplicates removed keeping the first, lists cut to their caps).
    public init(pinned: [RouteChoice], recents: [RouteChoice]) {
        self.pinned = Array(RouteBook.distinct(pinned).prefix(RouteBook.maxPinned))
        self.recents = Array(RouteBook.distinct(recents).prefix(RouteBook.maxRecents))
    }

    /// Recents to show beside the pinned list: those not pinned.
    public var displayedRecents: [RouteChoice] { recents.filter { !pinned.contains($0) } }

    /// Whether a route is pinned.
    public func isPinned(_ route: RouteChoice) -> Bool { pinned.contains(route) }

    /// model §9 pinning: a route not pinned becomes the newest pin, and when the list is full the oldest pin makes
    /// room (returned); pinning a route already pinned changes nothing (it keeps its place: the numbers the double
    /// press buzzes do not move). Only `unpin` unpins.
    @discardableResult
    public mutating func pin(_ route: RouteChoice) -> RouteChoice? {
        guard !pinned.contains(route) else { return nil }
        pinned.insert(route, at: 0)
        return pinned.count > RouteBook.maxPinned ? pinned.removeLast() : nil
    }

    /// Unpins a route; returns whether it was pinned.
    @discardableResult
    public mutating func unpin(_ route: RouteChoice) -> Bool {
        let before = pinned.count
        pinned.removeAll { $0 == route }
        return pinned.count != before
    }

    /// Remembers a route at the start of a trip: it becomes the newest recent, once.
    public mutating func noteStarted(_ route: RouteChoice) {
        recents.removeAll { $0 == route }
        recents.insert(route, at: 0)
        if recents.count > RouteBook.maxRecents { recents.removeLast(recents.count - RouteBook.maxRecents) }
    }

    /// The pinned route after `current` (wrapping; the first when `current` is not pinned) and its 1-based
    /// position, which the double press buzzes as a number. Nil when nothing is pinned.
    public func nextPinned(after current: RouteChoice?) -> (number: Int, route: RouteChoice)? {
        guard !pinned.isEmpty else { return nil }
        let index = current.flatMap { pinned.firstIndex(of: $0) }.map { ($0 + 1) % pinned.count } ?? 0
        return (index + 1, pinned[index])
    }

    /// The routes a double press steps through: the pinned ones (newest first), then the recent ones not
    /// pinned. A route's number is its 1-based place here — what the double press buzzes and `routes` lists.
    public var cycle: [RouteChoice] { pinned + displayedRecents }

    /// The route after `current` in `cycle` (wrapping; the first when `current` is not in it) and its number.
    /// Nil when the book is empty.
    public func nextInCycle(after current: RouteChoice?) -> (number: Int, route: RouteChoice)? {
        let all = cycle
        guard !all.isEmpty else { return nil }
        let index = current.flatMap { all.firstIndex(of: $0) }.map { ($0 + 1) % all.count } ?? 0
        return (index + 1, all[index])
    }

    private enum CodingKeys: String, CodingKey { case pinned, recents }

    /// Decodes and normalises (see `init(pinned:recents:)`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(pinned: try c.decode([RouteChoice].self, forKey: .pinned),
                  recents: try c.decode([RouteChoice].self, forKey: .recents))
    }

    private static func distinct(_ routes: [RouteChoice]) -> [RouteChoice] {
        var seen = Set<RouteChoice>()
        return routes.filter { seen.insert($0).inserted }
    }
}
