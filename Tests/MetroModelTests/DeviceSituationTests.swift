import Testing
@testable import MetroModel

/// Which row of model §12.1 a press reads, over every combination of what can hold at it.
@Suite struct DeviceSituationTests {
    static let flags = [false, true]

    @Test(arguments: flags, flags)
    func aTripsPressesAreTheTrips(recording: Bool, routeChosen: Bool) {
        for changing in Self.flags {
            let buzzing = DeviceSituation(tripActive: true, changingLines: changing, alertBuzzing: true,
                                          recording: recording, routeChosen: routeChosen)
            #expect(buzzing.state == .alertBuzzing)
            let quiet = DeviceSituation(tripActive: true, changingLines: changing, alertBuzzing: false,
                                        recording: recording, routeChosen: routeChosen)
            #expect(quiet.state == (changing ? .changingLines : .riding))
        }
    }

    /// A reminder's "time to go" is answered before a recording's press is taken as a stop.
    @Test(arguments: flags, flags)
    func aBuzzingReminderComesBeforeARecording(recording: Bool, routeChosen: Bool) {
        let situation = DeviceSituation(tripActive: false, changingLines: false, alertBuzzing: true,
                                        recording: recording, routeChosen: routeChosen)
        #expect(situation.state == .reminderBuzzing)
        #expect(GestureTable.action(for: .short, state: situation.state) == .acknowledge)
    }

    @Test(arguments: flags)
    func anOpenRecordingWithNoTripLabelsStops(routeChosen: Bool) {
        let situation = DeviceSituation(tripActive: false, changingLines: false, alertBuzzing: false,
                                        recording: true, routeChosen: routeChosen)
        #expect(situation.state == .recordingMotion)
        #expect(GestureTable.action(for: .short, state: situation.state) == .recordingStop)
    }

    @Test func idleReadsTheRoute() {
        let chosen = DeviceSituation(tripActive: false, changingLines: false, alertBuzzing: false,
                                     recording: false, routeChosen: true)
        #expect(chosen.state == .idleWithRoute)
        let none = DeviceSituation(tripActive: false, changingLines: false, alertBuzzing: false,
                                   recording: false, routeChosen: false)
        #expect(none.state == .idleNoRoute)
    }
}
