import Foundation
import GPSTestSupport
import Testing

/// The daemon's GPS tests: a real gpsd fed NMEA, a real `metrotimerd` child, the real command line. One at a
/// time (each starts its own gpsd and daemon, and the scaled rides want the CPU when their alerts are due).
@Suite(.serialized) struct GPSDaemonTests {}

extension GPSDaemonTests {
    /// Rides Darnytsia → Lisova (M1, all on the surface) where the fixes agree with the model, show the train
    /// late, show it early; and the recorded trace placing the train and teaching passive calibration. Scaled: the
    /// daemon places a fix at its receipt less its age stretched by the scale, so fixes stamped at the wall instant
    /// of a model instant land there (`GPSDaemonRig.timeline`). What a loaded machine delays is the wall clock's:
    /// allowances for waking are scaled with the ride.
    @Suite struct Rides {
        /// How much faster than the wall clock the rides run.
        static let scale = 4.0
        /// The recorded trace's pace: 264 s of it in 33 s.
        static let traceScale = 8.0

        @Test func whenGPSAgreesWithTheModelNothingIsCorrected() throws {
            let rig = try GPSDaemonRig(timeScale: Self.scale)
            try rig.startTrip(from: "darnytsia", to: "lisova")
            #expect(eventually { (try? rig.gps()["connected"] as? Bool) == true })
            let planned = try rig.trip()["arrival"] as? String
            let events = try rig.events()
            let leave = try #require(events["darnytsia"]).departure
            let reach = try #require(events["chernihivska"])
            let running = reach.arrival.timeIntervalSince(leave)

            // Standing at Darnytsia as the train pulls out (the press), taken 2 s (model) after it (not at it: the
            // rig's reading of the timeline may be a little off, and a fix before the start is refused) and sent
            // 2 s of the wall clock later: 8 s of the model's, so placed on receipt it would hold the train there
            // 8 s too long (a correction); placed at its age stretched by the scale, it is where the model has it.
            let darnytsia = try GPSDaemonRig.station("darnytsia")
            let taken = leave.addingTimeInterval(2)
            Thread.sleep(until: try #require(rig.timeline).wall(atModel: taken).addingTimeInterval(2))
            #expect(try rig.feed({ try rig.send(at: darnytsia, takenAt: taken) }, until: { try rig.accepted() >= 1 }))
            #expect(try rig.lastSnapStation() == "darnytsia")
            // Running on the bridge where the model has the train, at the profile's speed: placed running to
            // Chernihivska, and it agrees. Fixes from pulling away to braking in, enough to measure the running time
            // (fixes at cruise alone would leave the pull-away rate, and so the running time, open).
            for share in [0.05, 0.3, 0.55, 0.8, 0.95] {
                try rig.sleep(untilModel: leave.addingTimeInterval(running * share))
                let accepted = try rig.accepted()
                #expect(try rig.feed({ try rig.sendRunning(from: "darnytsia", to: "chernihivska", departure: leave,
                                                           runningSeconds: running) },
                                     until: { try rig.accepted() > accepted }), "a moving fix on the line is taken")
                #expect(try rig.lastSnapStation() == "chernihivska", "placed running to Chernihivska")
            }
            // Standing at Chernihivska once the model has the train there.
            try rig.sleep(untilModel: reach.arrival.addingTimeInterval(2))
            let accepted = try rig.accepted()
            let chernihivska = try GPSDaemonRig.station("chernihivska")
            #expect(try rig.feed({ try rig.send(at: chernihivska) }, until: { try rig.accepted() > accepted }))
            #expect(try rig.lastSnapStation() == "chernihivska")

            let trip = try rig.trip()
            #expect(trip["gps_corrections"] as? Int == 0, "no correction when GPS agrees: \(trip)")
            #expect(trip["arrival"] as? String == planned, "the arrival never moved")
            #expect(try rig.gps()["rejected"] as? [String: Int] == [:], "every fix was placed")
            #expect(!rig.daemon.log.contains("gps snap to"), "\(rig.daemon.log)")
            // Seen standing at its end, the segment's moving fixes measure its running time: the model's own.
            let segments = try calibrationSegments(rig.daemon)
            let measured = try #require(segments["darnytsia>chernihivska"], "passive sample expected: \(segments)")
            #expect(measured["running_samples"] as? Int == 1)
            let average = try #require(measured["running_avg_s"] as? Double)
            #expect(abs(average - running) < 2, "learned \(average) s, the model runs \(running) s")
            #expect(segments["chernihivska>lisova"] == nil, "nothing seen on the next segment")
        }

        @Test func aLateTrainMovesTheArrivalBackAndYoursIsNextFiresAtTheCorrectedInstant() throws {
            let rig = try GPSDaemonRig(timeScale: Self.scale)
            try rig.startTrip(from: "darnytsia", to: "lisova")
            #expect(eventually { (try? rig.gps()["connected"] as? Bool) == true })
            let plannedArrival = try #require(parseStatusInstant(try rig.trip()["arrival"]))
            let events = try rig.events()
            let leave = try #require(events["darnytsia"]).departure
            let reach = try #require(events["chernihivska"])
            let running = reach.arrival.timeIntervalSince(leave)
            // The model reaches Chernihivska and buzzes "yours is next"...
            #expect(eventually(timeout: running / Self.scale + mustHappenWithin) { (try? rig.alert("next_stop")["fired"] as? String) != nil })
            let firstFired = try #require(parseStatusInstant(try rig.alert("next_stop")["fired"]))
            // ...but the train is still on the bridge, running where the model had it 30 s ago: GPS places it
            // there and moves the arrival back by what is left of the run.
            #expect(try rig.feed({ try rig.sendRunning(from: "darnytsia", to: "chernihivska", departure: leave,
                                                       runningSeconds: running, lateSeconds: 30) },
                                 until: { try rig.trip()["gps_corrections"] as? Int == 1 }))
            let corrected = try rig.alert("next_stop")
            let newDue = try #require(parseStatusInstant(corrected["due"]))
            #expect(newDue > firstFired, "the correction moved the alert into the future")
            #expect(abs(newDue.timeIntervalSince(reach.arrival) - 30) < 2, "due \(newDue): 30 s after \(reach.arrival)")
            let arrival = try #require(parseStatusInstant(try rig.trip()["arrival"]))
            #expect(abs(arrival.timeIntervalSince(plannedArrival) - 30) < 2, "arrival \(arrival), planned \(plannedArrival)")
            // Re-armed: fired again only at the new instant.
            #expect(eventually(timeout: 30 / Self.scale + mustHappenWithin) { (try? rig.alert("next_stop")["fired"] as? String) != nil })
            let refired = try rig.alert("next_stop")
            #expect(refired["due"] as? String == corrected["due"] as? String, "no further correction moved it")
            let refiredAt = try #require(parseStatusInstant(refired["fired"]))
            // Timers never fire early; "at the corrected instant" allows the time a loaded machine takes to wake (3 s
            // of the wall clock, so that many times the scale on the model's timeline).
            #expect(refiredAt >= newDue, "fired \(refiredAt) before its due \(newDue)")
            let wakeAllowance = 3 * Self.scale
            #expect(refiredAt.timeIntervalSince(newDue) < wakeAllowance, "fired \(refiredAt), due \(newDue)")
            #expect(try rig.lastSnapStation() == "chernihivska", "the station the train runs to")
            #expect(rig.daemon.log.contains("gps snap to chernihivska (running"), "\(rig.daemon.log)")
        }

        @Test func aTrainStandingAheadOfTheModelMovesItForward() throws {
            let rig = try GPSDaemonRig(timeScale: Self.scale)
            try rig.startTrip(from: "darnytsia", to: "lisova")
            #expect(eventually { (try? rig.gps()["connected"] as? Bool) == true })
            let before = try rig.trip()
            #expect(try rig.alert("next_stop")["fired"] is NSNull, "nothing fired yet")
            // The model has the train running to Chernihivska; GPS says it already stands there.
            let chernihivska = try GPSDaemonRig.station("chernihivska")
            #expect(try rig.feed({ try rig.send(at: chernihivska) }, until: { try rig.trip()["gps_corrections"] as? Int == 1 }))
            let after = try rig.trip()
            let plannedArrival = try #require(parseStatusInstant(before["arrival"]))
            let arrival = try #require(parseStatusInstant(after["arrival"]))
            #expect(arrival < plannedArrival, "the arrival moved earlier: \(arrival) vs \(plannedArrival)")
            #expect(after["planned_arrival"] as? String == before["planned_arrival"] as? String, "the plan is never rewritten")
            // The station the train stands at was the "yours is next" station: its alert fires at once.
            #expect(try rig.alert("next_stop")["fired"] as? String != nil)
            #expect(after["next_stop"] as? String == "lisova")
            #expect(try rig.lastSnapStation() == "chernihivska")
            #expect(rig.daemon.log.contains("gps snap to chernihivska (standing"), "\(rig.daemon.log)")
        }

        /// The recorded ride replayed through gpsd at the daemon's pace, from 5 s (model) after the start (the train
        /// pulls out 15 s after the model's departure), each epoch stamped at the wall instant of its trace time. What
        /// the daemon learns and where it puts the arrival follow from those stamps alone, however late each epoch
        /// is sent.
        @Test func theRecordedSurfaceRidePlacesTheTrainAndTeachesBothSegments() throws {
            let rig = try GPSDaemonRig(timeScale: Self.traceScale)
            try rig.startTrip(from: "darnytsia", to: "lisova")
            #expect(eventually { (try? rig.gps()["connected"] as? Bool) == true })
            let started = try rig.trip()
            let t0 = try #require(parseStatusInstant(started["t0"]))
            let plannedArrival = try #require(parseStatusInstant(started["arrival"]))
            let gpsd = try #require(rig.gpsd)
            let trace = try NMEATrace.fixture("darnytsia-lisova.nmea")
            func offset(_ kind: String, _ station: String) throws -> Double {
                Double(try #require(trace.events.first { $0.kind == kind && $0.station == station }).offsetSeconds)
            }
            let truth = [
                "darnytsia>chernihivska": try offset("arrive", "chernihivska") - offset("depart", "darnytsia"),
                "chernihivska>lisova": try offset("arrive", "lisova") - offset("depart", "chernihivska"),
            ]
            let base = t0.addingTimeInterval(5)
            let baseWall = try #require(rig.timeline).wall(atModel: base)
            try NMEATraceReplayer(trace: trace).replayInRealTime(into: gpsd, baseNs: Int64(baseWall.timeIntervalSince1970 * 1e9),
                                                                 scale: Self.traceScale)

            #expect(eventually { (try? rig.lastSnapStation()) == "lisova" }, "\(String(describing: try? rig.gps()))")
            let gps = try rig.gps()
            #expect(gps["rejected"] as? [String: Int] == [:], "every epoch of the trace lies on the line: \(gps)")
            #expect(gps["accepted"] as? Int ?? 0 >= trace.epochs.count / 2, "\(gps)")
            let segments = try calibrationSegments(rig.daemon)
            for (key, seconds) in truth {
                let segment = try #require(segments[key], "passive sample for \(key) expected: \(segments)")
                #expect(segment["running_samples"] as? Int == 1, "\(key): \(segment)")
                let average = try #require(segment["running_avg_s"] as? Double)
                #expect(abs(average - seconds) <= 5, "\(key): learned \(average) s, the trace ran \(seconds) s")
            }
            // The train arrived 15 s after the plan; the fixes on the way in put the model's arrival there.
            let trip = try rig.trip()
            let arrival = try #require(parseStatusInstant(trip["arrival"]))
            let trueArrival = base.addingTimeInterval(try offset("arrive", "lisova"))
            #expect(abs(arrival.timeIntervalSince(trueArrival)) <= 3,
                    "arrival \(arrival), the trace's \(trueArrival) (planned \(plannedArrival))")
            #expect(trip["gps_corrections"] as? Int ?? 0 >= 1, "\(trip)")
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
