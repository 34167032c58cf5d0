import Foundation
import MetroGTFS
import MetroGTFSFiles
import MetroModel
import MetroSystem
import MetroTestSupport

/// `metrotimer-lab world --feed FEED [--every N] [--rides N] [--seed N] [--data DIR] [--open-sky FILE] [--doc FILE]`:
/// the lab's noisy world on an imported network (`FeedWorld`): every N-th trip of the feed (default 5), `--rides`
/// draws on each (default 10), on the first weekday of the feed's calendar, the world's assumptions from
/// `DIR/accuracy-world.json`, the stations under open sky from `FILE` (default `DIR/lab/nyc-open-sky.json`, the
/// New York sample feed's; ids the feed does not have are named and left out). With `--doc`, the tables replace
/// the `world` section of the file.
enum FeedWorldCommand {
    static func main(_ args: [String]) throws {
        try LabCommand.checkOptions(args, allowed: ["--feed", "--every", "--rides", "--seed", "--data", "--open-sky", "--doc"])
        guard let feed = try LabCommand.value(args, "--feed") else { throw LabCommand.UsageError(description: "world needs --feed FEED") }
        let every = try LabCommand.number(args, "--every", default: 5)
        let rides = try LabCommand.number(args, "--rides", default: 10)
        let seed = UInt64(try LabCommand.number(args, "--seed", default: 1))
        let data = try LabCommand.value(args, "--data") ?? "Data"
        let world = try WorldAssumptions.load(path: data + "/accuracy-world.json")
        let openSkyPath = try LabCommand.value(args, "--open-sky") ?? data + "/lab/nyc-open-sky.json"
        let openSky = try FeedWorld.loadOpenSky(path: openSkyPath)
        let run = try FeedWorld.run(feed: feed, world: world, every: every, rides: rides, seed: seed, openSky: openSky)
        for id in run.unknownOpenSky {
            FileHandle.standardError.write(Data("metrotimer-lab: \(openSkyPath): \(id) is no station of \(feed): left out\n".utf8))
        }
        let title = "**\(run.agency)**, the feed's trips run on \(run.date) with the world's noise "
            + "(one trip in \(every), \(rides) rides on each and as many with a change, seed \(seed)); the start press only, unless the row says otherwise."
        let table = run.world.markdown(title: title) + "\n" + run.world.calibrationMarkdown()
        print(table)
        if let doc = try LabCommand.value(args, "--doc") { try TruthCommand.replaceSection("world", in: doc, with: table) }
    }
}

extension FeedWorld {
    /// A run of the world on a feed: what `metrotimer-lab world` prints, for the command and the tests.
    public struct Run {
        public var world: FeedWorld
        public var agency: String
        /// The service day the trips run on, `YYYY-MM-DD`.
        public var date: String
        /// Open-sky station ids the network does not have (left out).
        public var unknownOpenSky: [String] = []
    }

    /// Imports `feed` as `metrotimer import-gtfs` does, loads the network with its time zone from the tz database,
    /// and rides every `every`-th trip `rides` times on the first weekday of the feed's calendar, on its line and
    /// with a change to another line.
    /// GPS riders see the sky at the `openSky` stations (none: no GPS rows).
    public static func run(feed: String, world: WorldAssumptions, every: Int, rides: Int, seed: UInt64,
                           openSky: Set<String> = []) throws -> Run
    {
        let imported = try TruthCommand.importFeed(feed)
        let general = try GeneralNetwork.load(json: Array(try JSONEncoder().encode(imported.file)))
        let zone = try TimeZoneDatabase.rules(named: general.file.time_zone, environment: ProcessInfo.processInfo.environment)
        let network = ImportedNetwork(general: general, zone: zone)
        let (date, midnight) = try firstWeekday(from: general.file.provenance.valid_from, zone: zone)
        let unknown = openSky.filter { network.station(StationID($0)) == nil }.sorted()
        let sky = openSky.subtracting(unknown)
        // Only that day's trips: a weekend trip ridden on a Monday would wait at a change for a weekend headway.
        var random = SplitMix64(seed: seed)
        var run = FeedWorld(network: network, world: world, serviceMidnight: midnight, openSky: sky, gpsSeed: seed)
        var trips: [FeedWorld.Trip] = []
        do {
            try ScheduleTruth.forEachTrip(source: try FeedSource.open(path: feed), file: imported.file, runningOn: date, restart: {
                run = FeedWorld(network: network, world: world, serviceMidnight: midnight, openSky: sky, gpsSeed: seed)
                random = SplitMix64(seed: seed)
                trips = []
            }) { line, calls in
                defer { trips.append(FeedWorld.Trip(line: line, calls: calls)) }
                guard trips.count % max(every, 1) == 0 else { return }
                run.ride(line: line, calls: calls, count: rides, &random)
            }
        } catch let error as FeedError {
            throw LabCommand.UsageError(description: "\(feed): \(error)")
        }
        // Changes need every trip of the other line at hand, so they are drawn once the feed has been read.
        let departures = FeedWorld.Departures(trips: trips)
        for index in stride(from: 0, to: trips.count, by: max(every, 1)) {
            run.rideWithChanges(from: index, departures: departures, count: rides, &random)
        }
        return Run(world: run, agency: imported.summary.agency, date: date.isoText, unknownOpenSky: unknown)
    }

    /// The first Monday to Friday on or after `isoDate` (`YYYY-MM-DD`), and the Unix time of its local midnight.
    static func firstWeekday(from isoDate: String, zone: TimeZoneRules) throws -> (ServiceDate, Int64) {
        let parts = isoDate.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { throw LabCommand.UsageError(description: "the feed's calendar start '\(isoDate)' is no date") }
        var days = KyivTime.daysFromCivil(year: parts[0], month: parts[1], day: parts[2])
        while ZonedServiceTime(unixSeconds: days * 86_400 + 43_200, rules: .utc).weekday > 5 { days += 1 }
        let utcMidnight = days * 86_400
        let midnight = utcMidnight - Int64(zone.civil(unixSeconds: utcMidnight).utcOffsetSeconds)
        let civil = zone.civil(unixSeconds: midnight)
        return (ServiceDate(year: civil.year, month: civil.month, day: civil.day), midnight)
    }
}
