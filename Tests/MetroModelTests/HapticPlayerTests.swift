import Testing
@testable import MetroModel

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }
private func toMs(_ i: Instant) -> Int64 { i.nanoseconds / 1_000_000 }

/// Runs the player on a virtual clock, ticking exactly at each deadline up to `end`, and records every
/// motor transition as "on@ms" / "off@ms".
private func trace(_ player: inout HapticPlayer, until end: Int64) -> [String] {
    var out: [String] = []
    var last = player.motorOn
    while let deadline = player.output.nextDeadline, toMs(deadline) <= end {
        let o = player.tick(now: deadline)
        if o.motorOn != last { out.append("\(o.motorOn ? "on" : "off")@\(toMs(deadline))") }
        last = o.motorOn
    }
    return out
}

/// The on-pulses of a trace as (start, length) in milliseconds.
private func pulseLengths(_ trace: [String]) -> [(on: Int64, ms: Int)] {
    var out: [(on: Int64, ms: Int)] = []
    var onAt: Int64?
    for entry in trace {
        let parts = entry.split(separator: "@")
        let at = Int64(parts[1])!
        if parts[0] == "on" { onAt = at } else if let start = onAt { out.append((start, Int(at - start))); onAt = nil }
    }
    return out
}

@Suite struct HapticPlayerTests {
    @Test func playsAPatternStepByStepThenSleeps() {
        var p = HapticPlayer()
        #expect(p.output == HapticOutput(motorOn: false, nextDeadline: nil))
        #expect(p.play(.yoursIsNext, now: ms(0)) == HapticOutput(motorOn: true, nextDeadline: ms(600)))
        #expect(trace(&p, until: 100_000) == ["off@600", "on@900", "off@1500", "on@1800", "off@2400"])
        #expect(p.output.nextDeadline == nil)
        #expect(p.playing == nil)
    }

    @Test func lateTicksKeepTheSchedule() {
        var p = HapticPlayer()
        _ = p.play(.changeHere, now: ms(0))
        #expect(p.tick(now: ms(700)) == HapticOutput(motorOn: false, nextDeadline: ms(900)))
        #expect(p.tick(now: ms(1460)) == HapticOutput(motorOn: true, nextDeadline: ms(2050)))
    }

    @Test func aPatternStartedLateCountsItsScheduleFromItsFirstPulse() {
        var p = HapticPlayer(strength: .strong)
        // Strong: 375 ms. The motor's write returned 135 ms after the clock was read for the play.
        #expect(p.play(.acknowledged, now: ms(0)) == HapticOutput(motorOn: true, nextDeadline: ms(375)))
        #expect(p.pulseBegan(at: ms(135)) == HapticOutput(motorOn: true, nextDeadline: ms(510)))
        // "Yours is next" begun 100 ms late: the whole pattern moves with its first pulse.
        var q = HapticPlayer()
        _ = q.play(.yoursIsNext, now: ms(0))
        #expect(q.pulseBegan(at: ms(100)) == HapticOutput(motorOn: true, nextDeadline: ms(700)))
        #expect(trace(&q, until: 100_000) == ["off@700", "on@1000", "off@1600", "on@1900", "off@2500"])
        // A start on time, or a report of an earlier instant, changes nothing.
        var r = HapticPlayer()
        _ = r.play(.yoursIsNext, now: ms(50))
        #expect(r.pulseBegan(at: ms(50)) == HapticOutput(motorOn: true, nextDeadline: ms(650)))
        #expect(r.pulseBegan(at: ms(0)) == HapticOutput(motorOn: true, nextDeadline: ms(650)))
    }

    @Test func afterAPauseTheFirstPulseAnchorsThePattern() {
        var p = HapticPlayer()
        _ = p.play(.number(7), now: ms(0))
        // Pre-empted while on: a 250 ms pause first; the timer for the first pulse wakes 80 ms late.
        _ = p.play(.yoursIsNext, now: ms(100))
        #expect(p.tick(now: ms(430)) == HapticOutput(motorOn: true, nextDeadline: ms(950)))
        #expect(p.pulseBegan(at: ms(430)) == HapticOutput(motorOn: true, nextDeadline: ms(1030)))
    }

    @Test func aLaterPulseStartedLateKeepsThePatternsSchedule() {
        var p = HapticPlayer()
        _ = p.play(.yoursIsNext, now: ms(0))
        _ = p.tick(now: ms(600))
        // The second pulse's timer woke 200 ms late: stalls must not add up, so the pattern keeps its schedule.
        #expect(p.tick(now: ms(1100)) == HapticOutput(motorOn: true, nextDeadline: ms(1500)))
        #expect(p.pulseBegan(at: ms(1100)) == HapticOutput(motorOn: true, nextDeadline: ms(1500)))
        #expect(trace(&p, until: 100_000) == ["off@1500", "on@1800", "off@2400"])
    }

    @Test func aLateStartReportedDuringAPauseChangesNothing() {
        var p = HapticPlayer()
        _ = p.play(.yoursIsNext, now: ms(0))
        _ = p.tick(now: ms(600))
        #expect(p.pulseBegan(at: ms(700)) == HapticOutput(motorOn: false, nextDeadline: ms(900)))
    }

    @Test func higherPriorityPreemptsWithAPauseWhenTheMotorWasOn() {
        var p = HapticPlayer()
        _ = p.play(.number(7), now: ms(0))
        #expect(p.play(.yoursIsNext, now: ms(100)) == HapticOutput(motorOn: false, nextDeadline: ms(350)))
        #expect(p.playing == .yoursIsNext)
        #expect(trace(&p, until: 100_000) == ["on@350", "off@950", "on@1250", "off@1850", "on@2150", "off@2750"])
    }

    /// The step that ended the motor's pulse was due just before the pre-empting alert, and both were handled in
    /// one call: the model's motor went off, but the owner never drove it off. The new pattern must still pause,
    /// or its first pulse continues the old one (a 600 ms "yours is next" pulse and a 1 s "get off now" pulse felt
    /// as one 1.6 s pulse — seen when a restarted daemon replayed "yours is next" into the arrival).
    @Test func aPulseThatEndedUnseenByTheOwnerStillPausesBeforeThePreemptingPattern() {
        var p = HapticPlayer()
        _ = p.play(.yoursIsNext, now: ms(0))
        _ = p.tick(now: ms(600))
        #expect(p.tick(now: ms(900)).motorOn)
        // The second pulse ends at 1500; the arrival comes at 1506 before that step was run.
        #expect(p.play(.getOffNow, now: ms(1506)) == HapticOutput(motorOn: false, nextDeadline: ms(1756)))
        #expect(Array(trace(&p, until: 4200).prefix(3)) == ["on@1756", "off@2756", "on@3156"])
        // The same when a queued alert follows an acknowledgement that came just after a pulse's scheduled end.
        var q = HapticPlayer()
        _ = q.play(.yoursIsNext, now: ms(0))
        _ = q.play(.changeHere, now: ms(100))
        #expect(q.acknowledge(now: ms(610)) == HapticOutput(motorOn: false, nextDeadline: ms(860)))
        // And when the model's motor went off by the schedule and the owner's last word left it off, nothing waits.
        var r = HapticPlayer()
        _ = r.play(.yoursIsNext, now: ms(0))
        #expect(!r.tick(now: ms(600)).motorOn)
        #expect(r.play(.getOffNow, now: ms(700)) == HapticOutput(motorOn: true, nextDeadline: ms(1700)))
    }

    @Test func preemptingDuringAPauseStartsAtOnce() {
        var p = HapticPlayer()
        _ = p.play(.number(7), now: ms(0))
        _ = trace(&p, until: 899)
        #expect(p.play(.getOffNow, now: ms(900)) == HapticOutput(motorOn: true, nextDeadline: ms(1900)))
    }

    @Test func lowerGestureAnswersAreDroppedWhileAnAlertPlays() {
        var p = HapticPlayer()
        _ = p.play(.yoursIsNext, now: ms(0))
        for answer in [HapticPattern.acknowledged, .number(3), .cannot] {
            #expect(p.play(answer, now: ms(100)) == HapticOutput(motorOn: true, nextDeadline: ms(600)))
        }
        #expect(p.playing == .yoursIsNext)
        #expect(p.queued.isEmpty)
    }

    @Test func equalPriorityReplaces() {
        var p = HapticPlayer()
        _ = p.play(.number(12), now: ms(0))
        _ = trace(&p, until: 999)
        // At 1000 the motor is in number(12)'s first pause (800 on, 400 off), so cannot starts at once.
        #expect(p.play(.cannot, now: ms(1000)) == HapticOutput(motorOn: true, nextDeadline: ms(1250)))
        #expect(p.playing == .cannot)
        #expect(trace(&p, until: 100_000) == ["off@1250", "on@1500", "off@1750", "on@2000", "off@2800"])
    }

    @Test func lowerAlertsQueueAndPlayAfterwardsSeparatedByAPause() {
        var p = HapticPlayer()
        _ = p.play(.yoursIsNext, now: ms(0))
        _ = p.play(.changeHere, now: ms(100))
        #expect(p.queued == [.changeHere])
        // yoursIsNext ends at 2700 with its pause; changeHere follows at once.
        #expect(trace(&p, until: 100_000) == ["off@600", "on@900", "off@1500", "on@1800", "off@2400",
                                               "on@2700", "off@3300", "on@3600", "off@3850", "on@4150", "off@4750",
                                               "on@5750", "off@6000", "on@6200", "off@6450"])
    }

    @Test func anAlertCutShortByAHigherOneIsPlayedAgainAfterIt() {
        var p = HapticPlayer()
        _ = p.play(.changeHere, now: ms(0))
        _ = trace(&p, until: 699)
        _ = p.play(.yoursIsNext, now: ms(700))   // during changeHere's pause
        #expect(p.playing == .yoursIsNext)
        #expect(p.queued == [.changeHere])
        // yoursIsNext ends at 700 + 2700 with a pause, so changeHere starts from the top without another.
        _ = trace(&p, until: 3399)
        #expect(p.tick(now: ms(3400)) == HapticOutput(motorOn: true, nextDeadline: ms(4000)))
        #expect(p.playing == .changeHere)
    }

    @Test func getOffNowClearsTheQueue() {
        var p = HapticPlayer()
        _ = p.play(.yoursIsNext, now: ms(0))
        _ = p.play(.changeHere, now: ms(10))
        _ = p.play(.getOffNow, now: ms(20))
        #expect(p.playing == .getOffNow)
        #expect(p.queued.isEmpty)
    }

    @Test func theShortArrivalAlarmPlaysFourTimes20SecondsApart() {
        var p = HapticPlayer(arrivalAlarm: ArrivalAlarm(.short))
        _ = p.play(.getOffNow, now: ms(0))
        #expect(p.isAlertBuzzing)
        #expect(p.pendingArrivalRepeats == 3)
        let plays = trace(&p, until: 62_000).filter { $0.hasPrefix("on@") }
        // The first play started at 0 (before the trace); then three repeats, start to start every 20 s.
        #expect(plays == ["on@1400", "on@20000", "on@21400", "on@40000", "on@41400", "on@60000", "on@61400"])
        #expect(p.delivered.isEmpty, "delivered before its last play ended")
        _ = trace(&p, until: 1_000_000)
        #expect(p.takeDelivered() == [.getOffNow])
        #expect(!p.isAlertBuzzing)
        #expect(p.output.nextDeadline == nil)
    }

    @Test func theWakeUpAlarmRepeatsRisingUntilItsCapThenPlaysTheFinalPattern() {
        var p = HapticPlayer()
        _ = p.play(.getOffNow, now: ms(0))
        let pulses = [(on: 0, ms: 1000)] + pulseLengths(trace(&p, until: 2_000_000))
        // Each play starts with a pulse that follows a pause of more than 2 s.
        var starts: [Int64] = [0]
        for i in pulses.indices.dropFirst() where pulses[i].on - pulses[i - 1].on - Int64(pulses[i - 1].ms) > 2000 {
            starts.append(pulses[i].on)
        }
        let expected = [0, 20, 40] + Array(stride(from: 60, to: 180, by: 15)) + Array(stride(from: 180, through: 480, by: 10))
        #expect(starts == expected.map { Int64($0) * 1000 })
        // Rising: 1000 ms pulses in the first minute, 1500 until minute 3, then 1800 (under the 2 s cap).
        for pulse in pulses {
            let expectedLength = pulse.on < 60_000 ? 1000 : pulse.on < 180_000 ? 1500 : 1800
            #expect(pulse.ms == expectedLength, "pulse at \(pulse.on) ms")
        }
        // The final pattern at the 8-minute cap: five 1.8 s pulses; then silence, and the alarm counts as delivered.
        #expect(pulses.filter { $0.on >= 480_000 }.count == 5)
        #expect(pulses.last.map { $0.on + Int64($0.ms) } == 491_000)
        #expect(p.output.nextDeadline == nil && !p.isAlertBuzzing)
        #expect(p.takeDelivered() == [.getOffNow])
        #expect(HapticPattern.getOffNowFinal.steps.allSatisfy { !$0.on || $0.ms <= HapticPattern.maxContinuousOnMilliseconds })
    }

    @Test func betweenRepeatsTheAlarmSleepsUntilTheNextPlay() {
        var p = HapticPlayer()
        _ = p.play(.getOffNow, now: ms(0))
        // No wake-up between plays: the one deadline is the next play's start.
        #expect(p.tick(now: ms(10_000)) == HapticOutput(motorOn: false, nextDeadline: ms(20_000)))
        #expect(p.isAlertBuzzing)
        #expect(p.pendingArrivalRepeats == ArrivalAlarm(.untilAcknowledged).plays.count - 1)
        _ = p.tick(now: ms(200_000))
        #expect(p.tick(now: ms(207_000)) == HapticOutput(motorOn: false, nextDeadline: ms(210_000)))
        #expect(p.acknowledge(now: ms(208_000)) == HapticOutput(motorOn: false, nextDeadline: nil))
        #expect(!p.isAlertBuzzing)
        #expect(p.takeDelivered() == [.getOffNow])
        #expect(trace(&p, until: 2_000_000).isEmpty)
    }

    @Test func resumingTheAlarmPlaysAtOnceAndKeepsItsSchedule() {
        // A crash in the first play: it plays again at once, and the schedule is the one of the first play.
        var p = HapticPlayer()
        #expect(p.resumeArrivalAlarm(startedAt: ms(0), now: ms(700)) == HapticOutput(motorOn: true, nextDeadline: ms(1700)))
        #expect(p.playing == .getOffNow && p.isAlertBuzzing)
        #expect(p.tick(now: ms(3_500)) == HapticOutput(motorOn: false, nextDeadline: ms(20_000)))

        // Three minutes in: the longest pattern, then the next play of the schedule at 210 s.
        p = HapticPlayer()
        _ = p.resumeArrivalAlarm(startedAt: ms(0), now: ms(200_500))
        #expect(p.output.motorOn && p.currentPulse?.count == 3)
        #expect(p.tick(now: ms(208_000)) == HapticOutput(motorOn: false, nextDeadline: ms(210_000)))

        // Just before a play: that play is skipped (it would fuse with the resumed one), the next one comes.
        p = HapticPlayer()
        _ = p.resumeArrivalAlarm(startedAt: ms(0), now: ms(205_000))
        #expect(p.tick(now: ms(212_000)) == HapticOutput(motorOn: false, nextDeadline: ms(220_000)))

        // Just before the cap: the final pattern is never skipped; it waits for the resumed play and a pause.
        p = HapticPlayer()
        _ = p.resumeArrivalAlarm(startedAt: ms(0), now: ms(479_000))
        #expect(p.tick(now: ms(485_400)) == HapticOutput(motorOn: false, nextDeadline: ms(485_550)))

        // Long past the cap (the daemon was down): the final pattern plays once, then the alarm is delivered.
        p = HapticPlayer()
        _ = p.resumeArrivalAlarm(startedAt: ms(0), now: ms(3_600_000))
        #expect(p.pendingArrivalRepeats == 0 && p.playing == .getOffNow)
        #expect(pulseLengths(trace(&p, until: 4_000_000)).count == 4)
        #expect(p.takeDelivered() == [.getOffNow])
        #expect(!p.isAlertBuzzing)

        // A stored start far outside the boot clock's range (a damaged state file) neither traps nor buzzes forever.
        for start in [Int64.min, Int64.max] {
            p = HapticPlayer()
            _ = p.resumeArrivalAlarm(startedAt: Instant(nanoseconds: start), now: ms(1_000))
            _ = trace(&p, until: 10_000_000)
            #expect(p.output.nextDeadline == nil || p.output.nextDeadline!.nanoseconds == .max)
        }
    }

    @Test func alertsAreDeliveredWhenTheyEndAreAcknowledgedOrSuperseded() {
        var p = HapticPlayer()
        _ = p.play(.yoursIsNext, now: ms(0))
        _ = p.tick(now: ms(2_000))
        #expect(p.delivered.isEmpty)
        _ = p.tick(now: ms(2_700))
        #expect(p.takeDelivered() == [.yoursIsNext])
        // Withdrawn (a correction moved it back): never delivered.
        _ = p.play(.changeHere, now: ms(10_000))
        _ = p.withdraw(.changeHere, now: ms(10_100))
        _ = trace(&p, until: 20_000)
        #expect(p.takeDelivered().isEmpty)
        // Acknowledged mid-pattern.
        _ = p.play(.yoursIsNext, now: ms(30_000))
        _ = p.acknowledge(now: ms(30_100))
        #expect(p.takeDelivered() == [.yoursIsNext])
        // Superseded by get-off-now, queued or playing.
        _ = p.play(.yoursIsNext, now: ms(40_000))
        _ = p.play(.changeHere, now: ms(40_100))
        _ = p.play(.getOffNow, now: ms(40_200))
        #expect(Set(p.takeDelivered()) == [.yoursIsNext, .changeHere])
        // A gesture answer is never "delivered".
        _ = p.stop()
        _ = p.play(.number(3), now: ms(50_000))
        _ = trace(&p, until: 60_000)
        #expect(p.takeDelivered().isEmpty)
    }

    @Test func acknowledgeStopsTheAlarmAtOnce() {
        var p = HapticPlayer()
        _ = p.play(.getOffNow, now: ms(0))
        #expect(p.acknowledge(now: ms(500)) == HapticOutput(motorOn: false, nextDeadline: nil))
        #expect(p.playing == nil)
        #expect(trace(&p, until: 1_000_000).isEmpty)
    }

    @Test func acknowledgeThenPlaysNewsStillQueued() {
        var p = HapticPlayer()
        _ = p.play(.yoursIsNext, now: ms(0))
        _ = p.play(.changeHere, now: ms(10))
        // Acknowledged mid-pulse: the queued news follows after a 250 ms pause so the pulses do not fuse.
        #expect(p.acknowledge(now: ms(100)) == HapticOutput(motorOn: false, nextDeadline: ms(350)))
        #expect(p.playing == .changeHere)
    }

    @Test func acknowledgeWithoutAnAlertChangesNothing() {
        var p = HapticPlayer()
        _ = p.play(.number(3), now: ms(0))
        #expect(!p.isAlertBuzzing)
        #expect(p.acknowledge(now: ms(100)) == HapticOutput(motorOn: true, nextDeadline: ms(250)))
        #expect(p.playing == .number)
    }

    @Test func playingGetOffNowAgainRestartsTheRepeats() {
        var p = HapticPlayer()
        let plays = ArrivalAlarm(.untilAcknowledged).plays.count
        _ = p.play(.getOffNow, now: ms(0))
        _ = p.tick(now: ms(20_000))
        #expect(p.pendingArrivalRepeats == plays - 2)
        _ = p.play(.getOffNow, now: ms(30_000))
        #expect(p.pendingArrivalRepeats == plays - 1)
        _ = p.tick(now: ms(45_000))
        #expect(p.output.nextDeadline == ms(50_000))
    }

    @Test func withdrawingTheArrivalAlarmStopsItAndItsRepeats() {
        var p = HapticPlayer()
        _ = p.play(.getOffNow, now: ms(0))
        #expect(p.withdraw(.getOffNow, now: ms(500)) == HapticOutput(motorOn: false, nextDeadline: nil))
        #expect(!p.isAlertBuzzing && p.playing == nil && p.pendingArrivalRepeats == 0)
        #expect(trace(&p, until: 1_000_000).isEmpty)

        // Withdrawn between two plays: nothing more comes.
        _ = p.play(.getOffNow, now: ms(2_000_000))
        _ = p.tick(now: ms(2_010_000))
        #expect(p.withdraw(.getOffNow, now: ms(2_010_000)) == HapticOutput(motorOn: false, nextDeadline: nil))
        #expect(!p.isAlertBuzzing)
    }

    @Test func withdrawingOneAlertLeavesTheOthers() {
        var p = HapticPlayer()
        _ = p.play(.yoursIsNext, now: ms(0))
        _ = p.play(.changeHere, now: ms(10))
        // The queued change-here goes; yours-is-next plays on.
        #expect(p.withdraw(.changeHere, now: ms(100)) == HapticOutput(motorOn: true, nextDeadline: ms(600)))
        #expect(p.playing == .yoursIsNext && p.queued.isEmpty)
        _ = p.play(.changeHere, now: ms(200))
        // Withdrawing the one playing mid-pulse: the queued one follows after a 250 ms pause.
        #expect(p.withdraw(.yoursIsNext, now: ms(300)) == HapticOutput(motorOn: false, nextDeadline: ms(550)))
        #expect(p.playing == .changeHere)
        // A gesture answer is not an alert: nothing to withdraw; an alert not playing changes nothing.
        _ = p.stop()
        _ = p.play(.number(3), now: ms(0))
        #expect(p.withdraw(.number, now: ms(10)) == HapticOutput(motorOn: true, nextDeadline: ms(250)))
        #expect(p.withdraw(.getOffNow, now: ms(20)) == HapticOutput(motorOn: true, nextDeadline: ms(250)))
        #expect(p.playing == .number)
    }

    @Test func stopSilencesEverything() {
        var p = HapticPlayer()
        _ = p.play(.getOffNow, now: ms(0))
        _ = p.play(.changeHere, now: ms(1))
        #expect(p.stop() == HapticOutput(motorOn: false, nextDeadline: nil))
        #expect(!p.isAlertBuzzing && p.playing == nil && p.queued.isEmpty && p.pendingArrivalRepeats == 0)
    }

    @Test func strengthAppliesToEveryPattern() {
        var p = HapticPlayer(strength: .strong)
        #expect(p.play(.getOffNow, now: ms(0)) == HapticOutput(motorOn: true, nextDeadline: ms(1500)))
        #expect(trace(&p, until: 3800) == ["off@1500", "on@1900", "off@3400"])
    }

    @Test func isAlertBuzzingOnlyForAlerts() {
        var p = HapticPlayer()
        _ = p.play(.changeHere, now: ms(0))
        #expect(p.isAlertBuzzing)
        _ = p.stop()
        _ = p.play(.number(2), now: ms(0))
        #expect(!p.isAlertBuzzing)
    }

    /// Whatever is played whenever, the motor is never on for more than 2 s at a stretch, and every pulse is
    /// at least 250 ms unless cut by a pre-emption (which then pauses 250 ms).
    @Test func neverOnMoreThanTwoSeconds() {
        let patterns: [HapticPattern] = [.acknowledged, .yoursIsNext, .changeHere, .getOffNow, .cannot, .number(0),
                                         .number(7), .number(40)]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for strength in HapticStrength.allCases {
            var p = HapticPlayer(strength: strength)
            var now: Int64 = 0
            var onSince: Int64?
            var longest: Int64 = 0
            func observe(_ o: HapticOutput, at t: Int64) {
                if o.motorOn, onSince == nil { onSince = t }
                if !o.motorOn, let s = onSince { longest = max(longest, t - s); onSince = nil }
            }
            for _ in 0..<400 {
                let gap = Int64(next(3000))
                let target = now + gap
                while let d = p.output.nextDeadline, toMs(d) <= target { observe(p.tick(now: d), at: toMs(d)) }
                now = target
                let choice = next(6)
                if choice == 0 {
                    observe(p.acknowledge(now: ms(now)), at: now)
                } else if choice == 1 {
                    let alerts: [HapticKind] = [.changeHere, .yoursIsNext, .getOffNow]
                    observe(p.withdraw(alerts[next(alerts.count)], now: ms(now)), at: now)
                } else {
                    observe(p.play(patterns[next(patterns.count)], now: ms(now)), at: now)
                }
            }
            while let d = p.output.nextDeadline { observe(p.tick(now: d), at: toMs(d)) }
            #expect(longest <= 2000)
            #expect(longest >= 1000)
            #expect(!p.motorOn)
        }
    }
}
