import Testing
@testable import MetroModel

@Suite struct GestureTableTests {
    /// model §12.1, row by row; the rows the model leaves out are this project's decisions (see GestureTable).
    static let expected: [DeviceState: [Gesture: DeviceAction]] = [
        .idleWithRoute: [.short: .start, .double: .nextPinnedRoute, .long: .buzzRouteStopCount, .veryLong: .cannot],
        .idleNoRoute: [.short: .cannot, .double: .nextPinnedRoute, .long: .cannot, .veryLong: .cannot],
        .alertBuzzing: [.short: .acknowledge, .double: .cannot, .long: .cannot, .veryLong: .cannot],
        .changingLines: [.short: .trainDeparted, .double: .plusOne, .long: .arrived, .veryLong: .cancel],
        .riding: [.short: .buzzStopsRemaining, .double: .plusOne, .long: .arrived, .veryLong: .cancel],
        .reminderBuzzing: [.short: .acknowledge, .double: .nextPinnedRoute, .long: .cannot, .veryLong: .cannot],
        .recordingMotion: [.short: .recordingStop, .double: .nextPinnedRoute, .long: .buzzRouteStopCount, .veryLong: .cannot],
    ]

    @Test(arguments: DeviceState.allCases, Gesture.allCases)
    func mainButton(state: DeviceState, gesture: Gesture) {
        #expect(GestureTable.action(for: gesture, state: state) == Self.expected[state]![gesture]!)
        #expect(GestureTable.action(for: gesture, state: state, button: 1) == Self.expected[state]![gesture]!)
    }

    @Test(arguments: DeviceState.allCases, Gesture.allCases)
    func secondButton(state: DeviceState, gesture: Gesture) {
        let action = GestureTable.action(for: gesture, state: state, button: 2)
        let inTrip = [DeviceState.alertBuzzing, .changingLines, .riding].contains(state)
        switch gesture {
        case .short: #expect(action == (inTrip ? .plusOne : .cannot))
        case .long: #expect(action == (inTrip ? .minusOne : .cannot))
        case .double, .veryLong: #expect(action == .cannot)
        }
    }

    @Test func unknownButtonCannot() {
        for state in DeviceState.allCases {
            for gesture in Gesture.allCases {
                #expect(GestureTable.action(for: gesture, state: state, button: 3) == .cannot)
                #expect(GestureTable.action(for: gesture, state: state, button: 0) == .cannot)
            }
        }
    }
}
