import Foundation
import MetroModel
import MetroTestSupport

/// `metrotimer-lab motion-trace`: one true ride of a route drawn from the Kyiv world, as the accelerometer rig
/// plays it (Tests/motion-sim: "seconds x y z" lines, m/s² with gravity), and its truth, so a real daemon reading a
/// real kernel's IIO buffer can be judged as the lab judges the engine.
///
/// The trace starts at the rider's start press (the rig starts streaming when the daemon starts reading, at the
/// start of the trip) and its times are divided by `--scale`, the daemon's `time_scale`: the kernel stamps each
/// sample when it arrives, and the daemon's model runs that many times faster. The truth file starts with
/// `# wall YYYY-MM-DD hh:mm:ss` (UTC: the wall clock the ride was drawn at, to set the guest's) and holds `key seconds`
/// lines, in model seconds after the press: `window_from` and `window_to` ("yours is next" in the window: from
/// 30 s before the train reaches the stop before the destination to 30 s after it leaves it), `doors_open` (the
/// destination: later than this is late), and `change_departed` (when the train after the change pulled out).
enum MotionTraceCommand {
    static func main(_ args: [String]) throws {
        try LabCommand.checkOptions(args, allowed: ["--data", "--from", "--to", "--seed", "--scale", "--unix", "--trace", "--truth"])
        let data = try LabCommand.value(args, "--data") ?? "Data"
        guard let from = try LabCommand.value(args, "--from"), let to = try LabCommand.value(args, "--to"),
              let tracePath = try LabCommand.value(args, "--trace"), let truthPath = try LabCommand.value(args, "--truth")
        else { throw LabCommand.UsageError(description: "motion-trace needs --from, --to, --trace and --truth\n\(LabCommand.usage)") }
        let seed = UInt64(try LabCommand.number(args, "--seed", default: 1))
        let scale = Double(try LabCommand.number(args, "--scale", default: 1))
        guard let unixText = try LabCommand.value(args, "--unix") ?? Optional("1787648400"), let unix = Int64(unixText) else {
            throw LabCommand.UsageError(description: "--unix is the wall clock of the ride in Unix seconds")
        }
        let world = try LabCommand.worlds(dataDirectory: data)[0]
        let (trace, truth) = try draw(world: world, from: StationID(from), to: StationID(to), unix: unix, seed: seed, scale: scale)
        try trace.write(toFile: tracePath, atomically: true, encoding: .utf8)
        try truth.write(toFile: truthPath, atomically: true, encoding: .utf8)
    }

    /// The rig's trace text and the truth text of one ride.
    static func draw(world: World, from: StationID, to: StationID, unix: Int64, seed: UInt64, scale: Double) throws
        -> (trace: String, truth: String)
    {
        let origin = EngineRider.bootBase
        let rig = LabRig(network: world.network, now: origin)
        try rig.engine.chooseRoute(from: from, to: to, now: origin)
        try rig.engine.start(t0: origin, wall: WallClockMapping(unixNanosecondsAtZero: unix * 1_000_000_000 - origin.nanoseconds),
                             now: origin)
        let route = rig.engine.active!.trip.route
        guard let change = route.indices.dropLast().first(where: { route[$0].isTransfer }), route.count >= 3 else {
            throw LabCommand.UsageError(description: "\(from) → \(to) has no change of lines")
        }
        var random = SplitMix64(seed: seed)
        let ride = world.drawRide(route: route, departureUnix: Double(unix), &random)
        let motion = world.motionTrace(route: route, truth: ride, origin: origin, &random)
        let press = ride.pressDelay
        var trace = "# \(from) -> \(to), seed \(seed), time scale \(Int(scale)): seconds x y z (m/s2, gravity included)\n"
        for sample in motion.samples {
            let seconds = Double(sample.at - origin) / 1e9 - press
            guard seconds >= 0 else { continue }
            trace += String(format: "%.4f %.4f %.4f %.4f\n", seconds / scale, sample.x, sample.y, sample.z)
        }
        let window = ride.nextStopWindow(at: route.count - 2)
        let lines = [
            ("window_from", window.lowerBound - press),
            ("window_to", window.upperBound - press),
            ("doors_open", ride.destinationArrival - press),
            ("change_departed", ride.departure[change] - press),
        ]
        let day = KyivTime.civilFromDays(unix / 86_400), second = Int(unix % 86_400)
        let wall = String(format: "%04d-%02d-%02d %02d:%02d:%02d", day.year, day.month, day.day, second / 3600,
                          second / 60 % 60, second % 60)
        let truth = "# wall \(wall)\n" + lines.map { "\($0.0) \(Int($0.1.rounded()))" }.joined(separator: "\n") + "\n"
        return (trace, truth)
    }
}
