import Foundation
import Testing
@testable import MetroModel

@Suite struct RoutesTests {
    func r(_ i: Int) -> RouteChoice { RouteChoice(from: StationID("s\(i)"), to: StationID("d\(i)")) }

    @Test func pinnedNewestFirstCappedAtSixDroppingTheOldest() {
        var book = RouteBook()
        for i in 1...6 { #expect(book.pin(r(i)) == nil) }
        #expect(book.pinned == [6, 5, 4, 3, 2, 1].map(r))
        #expect(book.pin(r(7)) == r(1))
        #expect(book.pinned == [7, 6, 5, 4, 3, 2].map(r))
        #expect(book.pinned.count == RouteBook.maxPinned)
    }

    /// model §9, as the protocol's `already_pinned` says: pinning twice changes nothing — the route stays pinned,
    /// in its place (the numbers the double press buzzes do not move); only unpin unpins.
    @Test func pinningAPinnedRouteChangesNothing() {
        var book = RouteBook()
        book.pin(r(1))
        book.pin(r(2))
        #expect(book.pin(r(1)) == nil)
        #expect(book.pinned == [r(2), r(1)], "still pinned, in its place")
        #expect(book.isPinned(r(1)))
    }

    @Test func explicitPinAndUnpin() {
        var book = RouteBook()
        book.pin(r(1))
        book.pin(r(2))
        #expect(book.pinned == [r(2), r(1)])
        let first = book.unpin(r(2))
        let second = book.unpin(r(2))
        #expect(first)
        #expect(!second)
        #expect(book.pinned == [r(1)])
    }

    @Test func directionMatters() {
        var book = RouteBook()
        book.pin(RouteChoice(from: "a", to: "b"))
        book.pin(RouteChoice(from: "b", to: "a"))
        #expect(book.pinned.count == 2)
    }

    @Test func recentsNewestFirstDedupedCappedAtThree() {
        var book = RouteBook()
        book.noteStarted(r(1))
        book.noteStarted(r(2))
        book.noteStarted(r(1))
        #expect(book.recents == [r(1), r(2)])
        book.noteStarted(r(3))
        book.noteStarted(r(4))
        #expect(book.recents == [r(4), r(3), r(1)])
    }

    @Test func displayedRecentsExcludePinned() {
        var book = RouteBook()
        book.noteStarted(r(1))
        book.noteStarted(r(2))
        book.noteStarted(r(3))
        book.pin(r(2))
        #expect(book.recents == [r(3), r(2), r(1)])
        #expect(book.displayedRecents == [r(3), r(1)])
        book.unpin(r(2))
        #expect(book.displayedRecents == [r(3), r(2), r(1)])
    }

    @Test func nextPinnedCyclesWithItsNumber() {
        var book = RouteBook()
        #expect(book.nextPinned(after: nil) == nil)
        book.pin(r(1))
        book.pin(r(2))
        book.pin(r(3))   // pinned: 3, 2, 1
        #expect(book.nextPinned(after: nil)?.number == 1)
        #expect(book.nextPinned(after: nil)?.route == r(3))
        #expect(book.nextPinned(after: r(3))?.route == r(2))
        #expect(book.nextPinned(after: r(1))?.number == 1)
        #expect(book.nextPinned(after: r(2))?.number == 3)
        #expect(book.nextPinned(after: r(9))?.route == r(3))
    }

    @Test func codableRoundTripNormalises() throws {
        var book = RouteBook()
        book.pin(r(1))
        book.noteStarted(r(2))
        #expect(try JSONDecoder().decode(RouteBook.self, from: JSONEncoder().encode(book)) == book)
        let stored = RouteBook(pinned: (1...8).map(r) + [r(1)], recents: [r(1), r(1), r(2), r(3), r(4)])
        #expect(stored.pinned == (1...6).map(r))
        #expect(stored.recents == [r(1), r(2), r(3)])
    }

    @Test func theDoublePressCyclePinnedThenRecentWithNumbers() {
        var book = RouteBook()
        #expect(book.nextInCycle(after: nil) == nil)
        book.pin(r(1))
        book.pin(r(2))                    // pinned: 2, 1
        for i in [1, 3, 4] { book.noteStarted(r(i)) }  // recents: 4, 3, 1 (1 is pinned)
        #expect(book.cycle == [r(2), r(1), r(4), r(3)])
        var seen: [Int] = []
        var current: RouteChoice?
        for _ in 0..<5 {
            let next = book.nextInCycle(after: current)!
            seen.append(next.number)
            current = next.route
        }
        #expect(seen == [1, 2, 3, 4, 1], "pinned first, then recents, then round again")
        #expect(book.nextInCycle(after: r(3))?.route == r(2))
    }
}
