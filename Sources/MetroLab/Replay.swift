import Foundation
import MetroControl
import MetroModel

/// `metrotimer-lab replay`: re-runs the rides of a journal (`metrotimer journal --json`) through the current model
/// and engine, so a model change can be judged on the rider's own history: each confirmed ride is planned again
/// from its start instant, and its "I'm off" scored against the new plan and the new "yours is next".
///
/// The replay plans on the timetable alone (the journal does not keep the calibration the ride had).
public enum Replay {
    /// One ride of the journal, as `metrotimer journal --json` prints it.
    struct Ride: Decodable {
        var id: Int64
        var t0: String
        var from: String
        var to: String
        var planned_s: Int
        var final_s: Int
        var confirmed_s: Int?
        var outcome: String
        var manual_corrections: Int
        var late_corrections: Int
        var gps_corrections: Int
        var transfers: Int
        var next_stop_s: Int?
    }

    /// The journaled figures and the same rides replayed through the current model.
    public struct Result {
        public var journaled: RideAccuracy
        public var replayed: RideAccuracy
        /// Rides the current model cannot plan (a station gone from the data).
        public var unplannable: [String]
    }

    /// Unix seconds of a journal timestamp (`2026-08-17T22:41:15.250+03:00`), read where the daemon writes it.
    static func unixSeconds(_ text: String) -> Int64? {
        KyivTimestamp.unixNanoseconds(text).map { floorDivide($0, by: 1_000_000_000) }
    }

    /// Replays `rides` (the JSON of `metrotimer journal --json`) through `network`.
    public static func replay(journalJSON: Data, network: Network) throws -> Result {
        let rides = try JSONDecoder().decode([Ride].self, from: journalJSON)
        let rider = EngineRider(network: network)
        var journaled: [JournalEntry] = [], replayed: [JournalEntry] = [], unplannable: [String] = []
        for ride in rides {
            guard let outcome = TripOutcome(rawValue: ride.outcome) else { continue }
            let unix = unixSeconds(ride.t0)
            let entry = JournalEntry(
                id: ride.id, t0: Instant(nanoseconds: 0), t0UnixMilliseconds: unix.map { $0 * 1000 },
                from: StationID(ride.from), to: StationID(ride.to), plannedSeconds: ride.planned_s,
                finalSeconds: ride.final_s, confirmedSeconds: ride.confirmed_s,
                manualCorrections: ride.manual_corrections, lateCorrections: ride.late_corrections,
                gpsCorrections: ride.gps_corrections, transfers: ride.transfers, outcome: outcome,
                nextStopSeconds: ride.next_stop_s)
            journaled.append(entry)
            guard outcome == .arrived, let unix else { continue }
            let slot = RideSlot(name: "journal", unix: unix)
            guard let alerts = rider.startOnlyAlerts(from: entry.from, to: entry.to, slot: slot),
                let arrival = alerts.arrival
            else {
                unplannable.append("\(ride.id) \(ride.from) → \(ride.to)")
                continue
            }
            var again = entry
            again.plannedSeconds = Int(arrival.rounded())
            again.finalSeconds = again.plannedSeconds
            again.nextStopSeconds = alerts.nextStop.map { Int($0.rounded(.down)) }
            replayed.append(again)
        }
        return Result(journaled: RideAccuracy(entries: journaled), replayed: RideAccuracy(entries: replayed),
                      unplannable: unplannable)
    }

    static func describe(_ name: String, _ a: RideAccuracy) -> String {
        let f = a.all
        func pct(_ v: Double?) -> String { v.map { String(format: "%.1f %%", $0 * 100) } ?? "—" }
        func s(_ v: Int?) -> String { v.map { "\($0) s" } ?? "—" }
        return "\(name): \(f.rides) measured rides, late \"yours is next\" \(f.late) of \(f.warned) (\(pct(f.lateShare))), "
            + "error of the planned arrival: median \(s(f.medianErrorSeconds)), p95 \(s(f.p95AbsoluteErrorSeconds)), "
            + "within ±30 s \(pct(f.withinThirtySecondsShare)); set aside \(a.setAsideCount)\n"
    }

    static func main(_ args: [String]) throws {
        var rest = args
        var data = "Data"
        if let i = rest.firstIndex(of: "--data") {
            guard i + 1 < rest.count else { throw LabCommand.UsageError(description: "--data needs a value") }
            data = rest[i + 1]
            rest.removeSubrange(i...(i + 1))
        }
        guard rest.count == 1 else {
            throw LabCommand.UsageError(description: "replay needs one journal file (metrotimer journal --json --limit 10000 > FILE)\n\(LabCommand.usage)")
        }
        let network = try Network.load(json: Array(Data(contentsOf: URL(fileURLWithPath: data + "/kyiv-metro.json"))))
        let bytes: Data
        do { bytes = try Data(contentsOf: URL(fileURLWithPath: rest[0])) } catch {
            throw LabCommand.UsageError(description: "cannot read the journal file \(rest[0]): \(error.localizedDescription)")
        }
        let result: Result
        do { result = try replay(journalJSON: bytes, network: network) } catch {
            throw LabCommand.UsageError(description: "\(rest[0]) is not the JSON of `metrotimer journal --json`: \(error)")
        }
        print(describe("as journaled", result.journaled), terminator: "")
        print(describe("replayed through the current model", result.replayed), terminator: "")
        for ride in result.unplannable { print("cannot plan again: \(ride)") }
    }
}
