import Testing
@testable import MetroDaemon

/// The control connections' pacing rules on a virtual clock: instants and loop turns are plain numbers the test
/// steps, so each rule is checked exactly, with no socket and no load to blur it.
@Suite struct ConnectionPacingTests {
    let limits = ConnectionLimits()
    let second: Int64 = 1_000_000_000

    /// Charges requests one after another in one turn until one is not charged; returns how many were and why the
    /// next was not.
    func chargeRequests(_ pacing: inout ConnectionPacing, turnBudgetLeft: Int = Int.max) -> (Int, ConnectionPacing.Charge) {
        var count = 0
        while true {
            let charge = pacing.charge(limits.requestCost, turnBudgetLeft: turnBudgetLeft - count * limits.requestCost,
                                       fromWindow: true, limits: limits)
            guard charge == .charged else { return (count, charge) }
            count += 1
        }
    }

    @Test func aTurnServesAConnectionItsShareAndTheNextTurnServesItAgain() {
        var pacing = ConnectionPacing(now: 0)
        let liftedAtFirstTurn = pacing.begin(turn: 1, now: 0, limits: limits)
        #expect(!liftedAtFirstTurn)
        // 64 units a turn, 16 a request: four requests, then the rest waits for a later turn.
        let firstTurn = chargeRequests(&pacing)
        #expect(firstTurn == (4, .laterTurn))
        // Served again in the same turn (a continuation): still the same share, nothing more.
        let liftedInSameTurn = pacing.begin(turn: 1, now: 1, limits: limits)
        #expect(!liftedInSameTurn)
        let sameTurnAgain = chargeRequests(&pacing)
        #expect(sameTurnAgain == (0, .laterTurn))
        let liftedAtSecondTurn = pacing.begin(turn: 2, now: 2, limits: limits)
        #expect(!liftedAtSecondTurn)
        let secondTurn = chargeRequests(&pacing)
        #expect(secondTurn == (4, .laterTurn))
        // Blank lines cost 1 each: 64 of them in a fresh turn.
        let liftedAtThirdTurn = pacing.begin(turn: 3, now: 3, limits: limits)
        #expect(!liftedAtThirdTurn)
        var blanks = 0
        while pacing.charge(1, turnBudgetLeft: Int.max, fromWindow: true, limits: limits) == .charged { blanks += 1 }
        #expect(blanks == 64)
    }

    @Test func theTurnsSharedBudgetHoldsEveryConnectionBack() {
        var pacing = ConnectionPacing(now: 0)
        _ = pacing.begin(turn: 1, now: 0, limits: limits)
        // The other connections left 40 units of the turn: two requests fit.
        let withFortyLeft = chargeRequests(&pacing, turnBudgetLeft: 40)
        #expect(withFortyLeft == (2, .laterTurn))
        #expect(pacing.throttledUntil == nil)
    }

    @Test func aConnectionOverItsRateWindowIsThrottledUntilTheWindowEnds() {
        var pacing = ConnectionPacing(now: 5 * second)
        var served = 0
        var turn: UInt64 = 0
        var outcome = ConnectionPacing.Charge.charged
        // One turn every millisecond of the window: 4 096 units a second is 256 requests, then the throttle.
        while outcome != .throttled && turn < 10_000 {
            turn += 1
            _ = pacing.begin(turn: turn, now: 5 * second + Int64(turn) * 1_000_000, limits: limits)
            let (count, why) = chargeRequests(&pacing)
            served += count
            outcome = why
        }
        #expect(served == 256)
        #expect(pacing.throttledUntil == 6 * second)
        // Throttled: a turn within the window charges nothing more.
        let liftedWithinWindow = pacing.begin(turn: turn + 1, now: 6 * second - 1, limits: limits)
        #expect(!liftedWithinWindow)
        let withinWindow = chargeRequests(&pacing)
        #expect(withinWindow == (0, .throttled))
        // The throttle timer firing early (it never does; the check is the rule's, not the timer's) lifts nothing.
        let liftedEarly = pacing.liftThrottle(now: 6 * second - 1)
        #expect(!liftedEarly)
        let liftedWhenDue = pacing.liftThrottle(now: 6 * second + 7)
        #expect(liftedWhenDue)
        #expect(pacing.throttledUntil == nil && pacing.windowStart == 6 * second + 7 && pacing.windowSpent == 0)
        let liftedAfterLift = pacing.begin(turn: turn + 2, now: 6 * second + 8, limits: limits)
        #expect(!liftedAfterLift)
        let afterLift = chargeRequests(&pacing)
        #expect(afterLift == (4, .laterTurn))
    }

    @Test func aNewWindowLiftsTheThrottleWhenTheConnectionIsServedFirst() {
        var pacing = ConnectionPacing(now: 0)
        var turn: UInt64 = 0
        while pacing.throttledUntil == nil && turn < 10_000 {
            turn += 1
            _ = pacing.begin(turn: turn, now: Int64(turn), limits: limits)
            _ = chargeRequests(&pacing)
        }
        // Served after its window ended but before the throttle timer's turn: the window renews and says it lifted.
        let liftedByNewWindow = pacing.begin(turn: turn + 1, now: second, limits: limits)
        #expect(liftedByNewWindow)
        #expect(pacing.throttledUntil == nil && pacing.windowSpent == 0)
    }

    @Test func theDaemonsOwnStreamedOutputCountsAgainstTheTurnOnly() {
        var pacing = ConnectionPacing(now: 0)
        for turn in UInt64(1)...1000 {
            _ = pacing.begin(turn: turn, now: Int64(turn), limits: limits)
            var pieces = 0
            while pacing.charge(limits.requestCost, turnBudgetLeft: Int.max, fromWindow: false, limits: limits) == .charged { pieces += 1 }
            #expect(pieces == 4)
        }
        #expect(pacing.windowSpent == 0 && pacing.throttledUntil == nil)
    }
}
