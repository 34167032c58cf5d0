import Foundation
import GPSTestSupport
import Testing

/// The daemon's GPS tests: a real gpsd fed NMEA, a real `metrotimerd` child, the real command line. One at a
/// time (each starts its own gpsd and daemon, and the scaled rides want the CPU when their alerts are due).
@Suite(.serialized) struct GPSDaemonTests {}

extension GPSDaemonTests {
    /// Scaled rides Darnytsia → Lisova (M1, all on the surface) where the fixes agree with the model, show the
    /// train late, show it early; and the recorded trace teaching passive calibration.
    @Suite struct Rides {
        @Test func whenGPSAgreesWithTheModelNothingIsCorrected() throws {
            let rig = try GPSDaemonRig(timeScale: 10)
            try rig.startTrip(from: "darnytsia", to: "lisova")
            #expect(eventually { (try? rig.gps()["connected"] as? Bool) == true })
            let planned = try rig.trip()["planned_arrival"] as? String

            // Standing at Darnytsia just after the start, as the model says.
            let darnytsia = try GPSDaemonRig.station("darnytsia")
            #expect(try rig.feed({ try rig.send(at: darnytsia) }, until: { try rig.gps()["accepted"] as? Int ?? 0 >= 1 }))
            // On the bridge between stations: no station within 400 m.
            #expect(try rig.feed({ try rig.send(at: GPSDaemonRig.betweenDarnytsiaAndChernihivska) },
                                 until: { try rig.rejected("off_route") >= 1 }))
            // At Chernihivska once the model has the train there ("yours is next" has fired).
            #expect(eventually(timeout: 30 + mustHappenWithin) { (try? rig.alert("next_stop")["fired"] as? String) != nil })
            let accepted = try rig.gps()["accepted"] as? Int ?? 0
            let chernihivska = try GPSDaemonRig.station("chernihivska")
            #expect(try rig.feed({ try rig.send(at: chernihivska) }, until: { try rig.gps()["accepted"] as? Int ?? 0 > accepted }))
            // At Lisova once the model has arrived.
            #expect(eventually(timeout: 30) { (try? rig.daemon.status()["state"] as? String) == "arrived" })
            let lisova = try GPSDaemonRig.station("lisova")
            #expect(try rig.feed({ try rig.send(at: lisova) },
                                 until: { (try rig.gps()["last_snap"] as? [String: Any])?["station"] as? String == "lisova" }))

            let trip = try rig.trip()
            #expect(trip["gps_corrections"] as? Int == 0, "no correction when GPS agrees: \(trip)")
            #expect(trip["arrival"] as? String == planned, "the arrival never moved")
            // Entries into Chernihivska's and Lisova's circles measured one running time (the departure's own
            // entry includes the platform wait, so Darnytsia > Chernihivska is not measured: model §6).
            let segments = try calibrationSegments(rig.daemon)
            let measured = try #require(segments["chernihivska>lisova"], "passive sample expected: \(segments)")
            #expect(measured["running_samples"] as? Int == 1)
            #expect(segments["darnytsia>chernihivska"] == nil)
        }

        @Test func aLateTrainSnapsBackAndYoursIsNextFiresAtTheCorrectedInstant() throws {
            let rig = try GPSDaemonRig(timeScale: 10)
            try rig.startTrip(from: "darnytsia", to: "lisova")
            #expect(eventually { (try? rig.gps()["connected"] as? Bool) == true })
            // The model reaches Chernihivska and buzzes "yours is next"...
            #expect(eventually(timeout: 30 + mustHappenWithin) { (try? rig.alert("next_stop")["fired"] as? String) != nil })
            let first = try rig.alert("next_stop")
            let firstFired = try #require(parseStatusInstant(first["fired"]))
            // ...but the train is still standing at Darnytsia: GPS moves the model back a station.
            let darnytsia = try GPSDaemonRig.station("darnytsia")
            #expect(try rig.feed({ try rig.send(at: darnytsia) }, until: { try rig.trip()["gps_corrections"] as? Int == 1 }))
            let corrected = try rig.alert("next_stop")
            let newDue = try #require(parseStatusInstant(corrected["due"]))
            #expect(newDue > firstFired, "the backwards snap moved the alert into the future")
            // Re-armed: fired again only at the new instant.
            #expect(eventually(timeout: 30 + mustHappenWithin) { (try? rig.alert("next_stop")["fired"] as? String) != nil })
            let refired = try rig.alert("next_stop")
            #expect(refired["due"] as? String == corrected["due"] as? String, "no further correction moved it")
            let refiredAt = try #require(parseStatusInstant(refired["fired"]))
            // Timers never fire early; "at the corrected instant" allows the time the process takes to wake
            // (multiplied by the scale on the model timeline): 3 s of real time, for a loaded machine.
            #expect(refiredAt >= newDue, "fired \(refiredAt) before its due \(newDue)")
            #expect(refiredAt.timeIntervalSince(newDue) < 30, "fired \(refiredAt), due \(newDue)")
            let snap = try #require(try rig.gps()["last_snap"] as? [String: Any])
            #expect(snap["station"] as? String == "darnytsia")
            #expect(rig.daemon.log.contains("gps snap to darnytsia"), "\(rig.daemon.log)")
        }

        @Test func anEarlyTrainSnapsForward() throws {
            let rig = try GPSDaemonRig(timeScale: 5)
            try rig.startTrip(from: "darnytsia", to: "lisova")
            #expect(eventually { (try? rig.gps()["connected"] as? Bool) == true })
            let before = try rig.trip()
            #expect(try rig.alert("next_stop")["fired"] is NSNull, "nothing fired yet")
            // The model has the train running to Chernihivska; GPS says it is already there.
            let chernihivska = try GPSDaemonRig.station("chernihivska")
            #expect(try rig.feed({ try rig.send(at: chernihivska) }, until: { try rig.trip()["gps_corrections"] as? Int == 1 }))
            let after = try rig.trip()
            let plannedArrival = try #require(parseStatusInstant(before["arrival"]))
            let arrival = try #require(parseStatusInstant(after["arrival"]))
            #expect(arrival < plannedArrival, "the arrival moved earlier: \(arrival) vs \(plannedArrival)")
            #expect(after["planned_arrival"] as? String == before["planned_arrival"] as? String, "the plan is never rewritten")
            // The station the train is at was the "yours is next" station: its alert fires at once.
            #expect(try rig.alert("next_stop")["fired"] as? String != nil)
            #expect(after["next_stop"] as? String == "lisova")
        }

        @Test func theRecordedSurfaceRideTeachesEveryAdjacentSurfacePair() throws {
            let rig = try GPSDaemonRig(timeScale: 10)
            // From Livoberezhna, so that Darnytsia is not the departure and its entry counts.
            try rig.startTrip(from: "livoberezhna", to: "lisova")
            #expect(eventually { (try? rig.gps()["connected"] as? Bool) == true })
            // The trace starts standing at Darnytsia: begin when the model has arrived there.
            #expect(eventually(timeout: 30) { (try? rig.trip()["next_stop"] as? String) == "chernihivska" })
            let gpsd = try #require(rig.gpsd)
            let trace = try NMEATrace.fixture("darnytsia-lisova.nmea")
            let replayer = NMEATraceReplayer(trace: trace)
            // Ten trace seconds per real second: the scale of the ride. Every epoch stamped fresh.
            for (index, epoch) in trace.epochs.enumerated() where epoch.offsetNs % 10_000_000_000 == 0 {
                try gpsd.send(replayer.datagrams(epoch: index, stampedAt: wallClockNowNs()))
                usleep(1_000_000)
            }
            let segments = try calibrationSegments(rig.daemon)
            for key in ["darnytsia>chernihivska", "chernihivska>lisova"] {
                let segment = try #require(segments[key], "passive sample for \(key) expected: \(segments)")
                #expect(segment["running_samples"] as? Int == 1, "\(key): \(segment)")
                let average = try #require(segment["running_avg_s"] as? Double)
                #expect((30...900).contains(average), "\(key): a plausible running time, got \(average)")
            }
            #expect(segments["livoberezhna>darnytsia"] == nil, "no fix near Livoberezhna, no sample")
            let gps = try rig.gps()
            #expect(gps["accepted"] as? Int ?? 0 >= 2)
            #expect((gps["last_snap"] as? [String: Any])?["station"] as? String == "lisova")
        }
    }
}

/// `metrotimer calibration --json` by segment key.
func calibrationSegments(_ daemon: DaemonProcess) throws -> [String: [String: Any]] {
    let result = try daemon.cli(["calibration", "--json"])
    guard result.status == 0 else { throw DaemonProcessError("calibration failed: \(result.stderr)") }
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let segments = (object as? [String: Any])?["segments"] as? [[String: Any]] ?? (object as? [[String: Any]]) ?? []
    var out: [String: [String: Any]] = [:]
    for segment in segments {
        if let key = segment["segment"] as? String { out[key] = segment }
    }
    return out
}
