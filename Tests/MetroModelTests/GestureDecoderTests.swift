import Testing
@testable import MetroModel

/// Milliseconds on a virtual timeline.
private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// Drives a decoder with a script of edges and an optional final timeout; collects everything it reports.
private func run(_ edges: [(Bool, Int64)], until end: Int64? = nil, decoder: GestureDecoder = GestureDecoder()) -> [GestureEvent] {
    var d = decoder
    var events: [GestureEvent] = []
    for (pressed, t) in edges { events += d.feed(ButtonEdgeInput(pressed: pressed, at: ms(t))) }
    if let end { events += d.timeout(at: ms(end)) }
    return events
}

@Suite struct GestureDecoderTests {
    @Test func shortIsReportedOnlyWhenTheDoubleWindowCloses() {
        var d = GestureDecoder()
        #expect(d.nextDeadline == nil)
        #expect(d.feed(ButtonEdgeInput(pressed: true, at: ms(1000))).isEmpty)
        #expect(d.feed(ButtonEdgeInput(pressed: false, at: ms(1200))).isEmpty)
        #expect(d.nextDeadline == ms(1600))
        #expect(d.timeout(at: ms(1599)).isEmpty)
        #expect(d.timeout(at: ms(1600)) == [.gesture(.short, pressedAt: ms(1000))])
        #expect(d.nextDeadline == nil)
    }

    /// A button whose line was lost while held (its GPIO chip vanished) never reports that release. Forgetting it
    /// leaves the decoder released, with nothing pending: the next press is a press of its own, not the end of a
    /// ten-second hold (a "very long" that would cancel the trip).
    @Test func aButtonLostWhileHeldIsForgotten() {
        var d = GestureDecoder()
        #expect(d.feed(ButtonEdgeInput(pressed: true, at: ms(1000))).isEmpty)
        d.forgetPress()
        #expect(!d.isPressed)
        #expect(d.nextDeadline == nil, "no threshold cue for a press that is no longer known")
        #expect(d.feed(ButtonEdgeInput(pressed: true, at: ms(11_000))).isEmpty)
        #expect(d.feed(ButtonEdgeInput(pressed: false, at: ms(11_150))).isEmpty)
        #expect(d.timeout(at: ms(11_550)) == [.gesture(.short, pressedAt: ms(11_000))])
    }

    @Test func shortLimitIs600Milliseconds() {
        #expect(run([(true, 0), (false, 599)], until: 5000) == [.gesture(.short, pressedAt: ms(0))])
        #expect(run([(true, 0), (false, 600)], until: 5000) == [.unrecognised(pressedAt: ms(0))])
    }

    @Test func doubleGapMustBeUnder400Milliseconds() {
        #expect(run([(true, 0), (false, 100), (true, 499), (false, 600)]) == [.gesture(.double, pressedAt: ms(0))])
        #expect(run([(true, 0), (false, 100), (true, 500), (false, 600)], until: 5000)
            == [.gesture(.short, pressedAt: ms(0)), .gesture(.short, pressedAt: ms(500))])
    }

    @Test func doubleGapBoundaryWithATimeoutCallInBetween() {
        var d = GestureDecoder()
        _ = d.feed(ButtonEdgeInput(pressed: true, at: ms(0)))
        _ = d.feed(ButtonEdgeInput(pressed: false, at: ms(100)))
        #expect(d.timeout(at: ms(499)).isEmpty)
        #expect(d.feed(ButtonEdgeInput(pressed: true, at: ms(499))).isEmpty)
        #expect(d.feed(ButtonEdgeInput(pressed: false, at: ms(650))) == [.gesture(.double, pressedAt: ms(0))])
        #expect(d.nextDeadline == nil)
    }

    @Test func longIsDecidedAtReleaseWithACueWhileHeld() {
        var d = GestureDecoder()
        _ = d.feed(ButtonEdgeInput(pressed: true, at: ms(0)))
        #expect(d.nextDeadline == ms(1500))
        #expect(d.timeout(at: ms(1499)).isEmpty)
        #expect(d.timeout(at: ms(1500)) == [.thresholdCrossed(.long, pressedAt: ms(0))])
        #expect(d.nextDeadline == ms(4000))
        #expect(d.feed(ButtonEdgeInput(pressed: false, at: ms(2000))) == [.gesture(.long, pressedAt: ms(0))])
        #expect(d.nextDeadline == nil)
    }

    @Test func longThresholdIs1500Milliseconds() {
        #expect(run([(true, 0), (false, 1499)]) == [.unrecognised(pressedAt: ms(0))])
        #expect(run([(true, 0), (false, 1500)]) == [.gesture(.long, pressedAt: ms(0))])
    }

    @Test func veryLongThresholdIs4Seconds() {
        #expect(run([(true, 0), (false, 3999)]) == [.thresholdCrossed(.long, pressedAt: ms(0)), .gesture(.long, pressedAt: ms(0))])
        #expect(run([(true, 0), (false, 4000)]) == [.thresholdCrossed(.long, pressedAt: ms(0)), .gesture(.veryLong, pressedAt: ms(0))])
        var d = GestureDecoder()
        _ = d.feed(ButtonEdgeInput(pressed: true, at: ms(0)))
        #expect(d.timeout(at: ms(4000)) == [.thresholdCrossed(.long, pressedAt: ms(0)), .thresholdCrossed(.veryLong, pressedAt: ms(0))])
        #expect(d.nextDeadline == nil)   // nothing more until the release
        #expect(d.feed(ButtonEdgeInput(pressed: false, at: ms(9000))) == [.gesture(.veryLong, pressedAt: ms(0))])
    }

    @Test func pressBounceIsIgnoredAndTheFirstEdgeIsTheInstant() {
        let events = run([(true, 1000), (false, 1004), (true, 1009), (false, 1020), (true, 1025),
                          (false, 1300), (true, 1310), (false, 1318)], until: 3000)
        #expect(events == [.gesture(.short, pressedAt: ms(1000))])
    }

    @Test func bounceAtTheDebounceBoundary() {
        // 29 ms after the accepted press: bounce. 30 ms: a real edge.
        var d = GestureDecoder()
        _ = d.feed(ButtonEdgeInput(pressed: true, at: ms(0)))
        _ = d.feed(ButtonEdgeInput(pressed: false, at: ms(29)))
        #expect(d.isPressed)
        _ = d.feed(ButtonEdgeInput(pressed: true, at: ms(29)))
        #expect(d.feed(ButtonEdgeInput(pressed: false, at: ms(30))).isEmpty)
        #expect(!d.isPressed)
        #expect(d.timeout(at: ms(430)) == [.gesture(.short, pressedAt: ms(0))])
    }

    @Test func duplicateLevelsAreIgnored() {
        let events = run([(false, 0), (true, 100), (true, 300), (false, 400), (false, 500)], until: 2000)
        #expect(events == [.gesture(.short, pressedAt: ms(100))])
    }

    @Test func aReleaseLostInBounceIsRecoveredWhenTheContactSettles() {
        // Press at 0; the release at 200 bounces and its last edge (released) lands inside the window.
        var d = GestureDecoder()
        _ = d.feed(ButtonEdgeInput(pressed: true, at: ms(0)))
        _ = d.feed(ButtonEdgeInput(pressed: false, at: ms(200)))
        _ = d.feed(ButtonEdgeInput(pressed: true, at: ms(210)))
        _ = d.feed(ButtonEdgeInput(pressed: false, at: ms(220)))
        #expect(!d.isPressed)
        // A glitch that leaves the level pressed inside the window.
        var g = GestureDecoder()
        _ = g.feed(ButtonEdgeInput(pressed: true, at: ms(0)))
        _ = g.feed(ButtonEdgeInput(pressed: false, at: ms(100)))
        _ = g.feed(ButtonEdgeInput(pressed: true, at: ms(110)))
        #expect(g.nextDeadline == ms(130))
        #expect(g.timeout(at: ms(130)).isEmpty)
        #expect(g.isPressed)
        // The settled press started at 110, one gap of 10 ms after a short: it becomes a double on release.
        #expect(g.feed(ButtonEdgeInput(pressed: false, at: ms(300))) == [.gesture(.double, pressedAt: ms(0))])
    }

    @Test func aGlitchShorterThanTheDebounceIsNoise() {
        // Pressed 0, released 10, nothing more: the settle at 30 accepts the release at 10: a 10 ms "press".
        var d = GestureDecoder()
        _ = d.feed(ButtonEdgeInput(pressed: true, at: ms(0)))
        _ = d.feed(ButtonEdgeInput(pressed: false, at: ms(10)))
        #expect(d.timeout(at: ms(5000)).isEmpty)
        #expect(!d.isPressed)
        #expect(d.nextDeadline == nil)
        // And it does not disturb a pending short either.
        let events = run([(true, 0), (false, 100), (true, 300), (false, 310)], until: 5000)
        #expect(events == [.gesture(.short, pressedAt: ms(0))])
    }

    @Test func secondPressHeldLongReportsTheFirstAsShortAtTheShortLimit() {
        var d = GestureDecoder()
        _ = d.feed(ButtonEdgeInput(pressed: true, at: ms(0)))
        _ = d.feed(ButtonEdgeInput(pressed: false, at: ms(100)))
        _ = d.feed(ButtonEdgeInput(pressed: true, at: ms(300)))
        #expect(d.nextDeadline == ms(900))
        #expect(d.timeout(at: ms(900)) == [.gesture(.short, pressedAt: ms(0))])
        #expect(d.timeout(at: ms(1800)) == [.thresholdCrossed(.long, pressedAt: ms(300))])
        #expect(d.feed(ButtonEdgeInput(pressed: false, at: ms(2000))) == [.gesture(.long, pressedAt: ms(300))])
        // Without timeouts in between, the same order comes out of the release.
        #expect(run([(true, 0), (false, 100), (true, 300), (false, 900)])
            == [.gesture(.short, pressedAt: ms(0)), .unrecognised(pressedAt: ms(300))])
    }

    @Test func tripleClickIsADoubleThenAShort() {
        let events = run([(true, 0), (false, 100), (true, 200), (false, 300), (true, 400), (false, 500)], until: 5000)
        #expect(events == [.gesture(.double, pressedAt: ms(0)), .gesture(.short, pressedAt: ms(400))])
    }

    @Test func deadlinesPassedBeforeAnEdgeAreReportedFirst() {
        // No timeout call: the next press arrives long after the window closed.
        let events = run([(true, 0), (false, 100), (true, 5000)])
        #expect(events == [.gesture(.short, pressedAt: ms(0))])
    }

    @Test func customTimings() {
        let timings = GestureTimings(debounce: 5_000_000, shortBelow: 300_000_000, doubleGapBelow: 200_000_000,
                                     long: 1_000_000_000, veryLong: 2_000_000_000)
        let d = GestureDecoder(timings: timings)
        #expect(run([(true, 0), (false, 350)], until: 9000, decoder: d) == [.unrecognised(pressedAt: ms(0))])
        #expect(run([(true, 0), (false, 1000)], decoder: d) == [.gesture(.long, pressedAt: ms(0))])
        #expect(run([(true, 0), (false, 100), (true, 299), (false, 350)], decoder: d) == [.gesture(.double, pressedAt: ms(0))])
        #expect(run([(true, 0), (false, 100), (true, 300), (false, 350)], until: 9000, decoder: d)
            == [.gesture(.short, pressedAt: ms(0)), .gesture(.short, pressedAt: ms(300))])
    }

    @Test func eventAccessors() {
        #expect(GestureEvent.gesture(.double, pressedAt: ms(5)).gesture == .double)
        #expect(GestureEvent.thresholdCrossed(.long, pressedAt: ms(5)).gesture == nil)
        #expect(GestureEvent.unrecognised(pressedAt: ms(7)).pressedAt == ms(7))
    }
}
