import Testing
@testable import MetroModel

@Suite struct HapticPatternTests {
    typealias S = HapticStep

    @Test func vocabularyIsExactlyTheSpec() {
        #expect(HapticPattern.acknowledged.steps == [S.on(250)])
        #expect(HapticPattern.yoursIsNext.steps == [S.on(600), .off(300), .on(600), .off(300), .on(600), .off(300)])
        // Change here ends with the ask to press "train departed": a second's rest, then two quick taps.
        #expect(HapticPattern.changeHere.steps == [S.on(600), .off(300), .on(250), .off(300), .on(600), .off(1000),
                                                   .on(250), .off(200), .on(250)])
        #expect(HapticPattern.trainDepartedReminder.steps == [S.on(250), .off(200), .on(250), .off(1000),
                                                              .on(250), .off(200), .on(250)])
        #expect(HapticPattern.trainDepartedReminder.kind == .trainDepartedReminder)
        #expect(HapticPattern.getOffNow.steps == [S.on(1000), .off(400), .on(1000), .off(400)])
        #expect(HapticPattern.cannot.steps == [S.on(250), .off(250), .on(250), .off(250), .on(800)])
        #expect(HapticPattern.getOffNow.kind == .getOffNow && HapticPattern.cannot.kind == .cannot)
    }

    @Test func numbersAreFivesThenOnes() {
        #expect(HapticPattern.number(1).steps == [S.on(250)])
        #expect(HapticPattern.number(4).steps == [S.on(250), .off(400), .on(250), .off(400), .on(250), .off(400), .on(250)])
        #expect(HapticPattern.number(5).steps == [S.on(800)])
        #expect(HapticPattern.number(7).steps == [S.on(800), .off(400), .on(250), .off(400), .on(250)])
        #expect(HapticPattern.number(10).steps == [S.on(800), .off(400), .on(800)])
        #expect(HapticPattern.number(12).kind == .number)
    }

    @Test func zeroNegativeAndLargeNumbers() {
        #expect(HapticPattern.number(0).steps == [S.on(1600)])
        #expect(HapticPattern.number(-3) == HapticPattern.number(0))
        #expect(HapticPattern.number(1000) == HapticPattern.number(HapticPattern.maxNumber))
        #expect(HapticPattern.number(40).steps.filter(\.on).count == 8)
    }

    @Test func everyPulseIsAtLeast250AndAtMost2000() {
        var all: [HapticPattern] = [.acknowledged, .yoursIsNext, .changeHere, .getOffNow, .cannot]
        all += (0...45).map(HapticPattern.number)
        for pattern in all + all.map({ $0.applying(.strong) }) {
            for step in pattern.steps where step.on { #expect((250...2000).contains(step.ms), "\(pattern)") }
            for (a, b) in zip(pattern.steps, pattern.steps.dropFirst()) { #expect(a.on != b.on) }
        }
    }

    @Test func constructionNormalisesAndCapsAt2Seconds() {
        let p = HapticPattern(kind: .number, steps: [.on(1500), .on(1500), .off(0), .off(100), .off(200), .on(0), .on(3000)])
        #expect(p.steps == [S.on(2000), .off(300), .on(2000)])
        #expect(p.durationMilliseconds == 4300)
    }

    @Test func strongLengthensOnPulsesByHalfCapped() {
        #expect(HapticPattern.getOffNow.applying(.strong).steps == [S.on(1500), .off(400), .on(1500), .off(400)])
        #expect(HapticPattern.number(7).applying(.strong).steps == [S.on(1200), .off(400), .on(375), .off(400), .on(375)])
        #expect(HapticPattern.number(0).applying(.strong).steps == [S.on(2000)])
        #expect(HapticPattern.changeHere.applying(.normal) == .changeHere)
        #expect(HapticPattern.acknowledged.applying(.strong).kind == .acknowledged)
    }

    @Test func priorities() {
        #expect(HapticKind.getOffNow.priority > HapticKind.yoursIsNext.priority)
        #expect(HapticKind.yoursIsNext.priority > HapticKind.changeHere.priority)
        #expect(HapticKind.changeHere.priority > HapticKind.number.priority)
        #expect(HapticKind.number.priority == HapticKind.acknowledged.priority)
        #expect(HapticKind.cannot.priority == HapticKind.acknowledged.priority)
        #expect(HapticKind.allCases.filter(\.isAlert) == [.changeHere, .trainDepartedReminder, .yoursIsNext, .getOffNow, .timeToGo])
        #expect(HapticKind.trainDepartedReminder.priority == HapticKind.changeHere.priority)
    }
}
