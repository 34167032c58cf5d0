import Testing
@testable import MetroModel

/// Stretches the rider suspends are refused by the planner exactly as a segment the data file flags.
@Suite struct LocalSuspensionTests {
    @Test func planningThroughASuspendedStretchIsRefusedNamingIt() throws {
        let network = kyiv.withLocalSuspensions([SuspendedStretch(from: "dnipro", to: "livoberezhna")])
        #expect(throws: PlanError.suspended(from: "dnipro", to: "livoberezhna")) {
            try network.route(from: "arsenalna", to: "lisova")
        }
        #expect(throws: PlanError.suspended(from: "dnipro", to: "livoberezhna")) {
            try network.route(from: "darnytsia", to: "khreshchatyk")  // the other direction
        }
        // A ride that stays off the stretch is planned as before; one ending at its end too.
        #expect(try network.route(from: "akademmistechko", to: "dnipro").count == 13)
        #expect(try network.route(from: "livoberezhna", to: "lisova").count == 4)
        #expect(try kyiv.route(from: "arsenalna", to: "lisova").count == 7, "the data file's network is untouched")
        let message = PlanError.suspended(from: "dnipro", to: "livoberezhna").message(.uk, names: network)
        #expect(message.contains("Дніпро") && message.contains("Лівобережна"))
    }

    @Test func aStretchMustLieOnOneLine() throws {
        #expect(throws: SuspensionError.differentLines("dnipro", "teremky")) {
            try kyiv.segments(of: SuspendedStretch(from: "dnipro", to: "teremky"))
        }
        #expect(throws: SuspensionError.sameStation("dnipro")) {
            try kyiv.segments(of: SuspendedStretch(from: "dnipro", to: "dnipro"))
        }
        #expect(try kyiv.segments(of: SuspendedStretch(from: "hidropark", to: "arsenalna")).count == 2)
    }
}
