import MetroControl
import MetroEngine
import MetroModel

// The engine's state as the control contract's documents. The mapping lives here, in the daemon, because the
// contract (MetroControl) knows only the model: the command line that reads the documents never links the engine.

extension StatusDocument {
    /// Builds the document from the engine's status and the daemon's facts. `wall` maps model instants that are
    /// not part of a trip (e.g. the last snap) to Unix time.
    public init(status: EngineStatus, facts: DaemonFacts, wall: WallClockMapping, network: any RideNetwork) {
        let nowWall = status.active?.trip.wall ?? wall
        var trip: Trip?
        if let active = status.active, let snapshot = status.snapshot {
            let ride = active.trip
            func t(_ instant: Instant) -> String {
                KyivTimestamp.milliseconds(unixNanoseconds: ride.wall.unixNanoseconds(at: instant), clock: network.civil)
            }
            trip = Trip(
                t0: t(ride.t0), arrival: t(ride.arrival), planned_arrival: t(ride.initialArrival),
                expiry: t(ride.expiry), stops_remaining: snapshot.stopsRemaining, total_stops: snapshot.totalStops,
                next_stop: snapshot.nextStop.rawValue, line: snapshot.currentLine.rawValue,
                changing_lines: snapshot.changingLines,
                train_departed: ride.current.map { ride.changeIndices.contains($0) } ?? false,
                events: ride.events.map {
                    Event(station: $0.station.rawValue, arrival: t($0.arrival), departure: t($0.departure),
                          stop: $0.isStop, transfer: $0.isTransfer)
                },
                alerts: ride.alerts().map {
                    Alert(kind: $0.kind.rawValue, station: $0.station.rawValue, due: t($0.instant),
                          fired: active.fired[$0.id].map(t))
                },
                service: active.service.map {
                    Service(kind: $0.kind.rawValue, station: $0.station.rawValue,
                            time: KyivTimestamp.seconds(unixSeconds: $0.unixSeconds, clock: network.civil))
                },
                manual_corrections: ride.manualCorrections, late_corrections: ride.lateCorrections,
                gps_corrections: ride.gpsCorrections)
        }
        var rejected: [String: Int] = [:]
        for (reason, count) in status.gps.rejected { rejected[reason.rawValue] = count }
        let gps = GPS(watching: facts.gpsWatching, connected: facts.gpsConnected, fixes: status.gps.fixes,
                      accepted: status.gps.accepted, rejected: rejected,
                      // Through the trip's own mapping while it rides, like every other trip instant: the current
                      // mapping moves with each wall-clock step or slew, and the snapshot must not (model §11).
                      last_snap: status.gps.lastSnap.map {
                          Snap(station: $0.station.rawValue,
                               at: KyivTimestamp.milliseconds(unixNanoseconds: nowWall.unixNanoseconds(at: $0.at),
                                                             clock: network.civil))
                      })
        let calibration = status.calibrationSession.map {
            CalibrationSessionInfo(line: $0.line.rawValue, direction: $0.direction.rawValue,
                                   next_station: $0.stations.indices.contains($0.position + 1)
                                       ? $0.stations[$0.position + 1].station.rawValue : nil,
                                   expecting: $0.expecting.rawValue,
                                   presses: $0.rawPresses.count, rejected: status.calibrationRejections.map(\.en),
                                   rejected_details: status.calibrationRejections.map { ["uk": $0.uk, "en": $0.en] },
                                   covered: Self.covered($0))
        }
        self.init(
            state: status.state.rawValue,
            now: KyivTimestamp.milliseconds(unixNanoseconds: nowWall.unixNanoseconds(at: status.now), clock: network.civil),
            route: status.route.map { Route(from: $0.from.rawValue, to: $0.to.rawValue) },
            clock: facts.clock, hardware: facts.hardware, time_scale: facts.timeScale,
            language: facts.language.rawValue,
            wall_clock: WallClock(synchronised: facts.wallClockSynchronised, source: facts.wallClockSource),
            trip: trip, gps: gps, calibration_session: calibration,
            faults: facts.faults.map(\.text.en),
            fault_details: facts.faults.map { FaultDetail(part: $0.part.rawValue, uk: $0.text.uk, en: $0.text.en) },
            motor: facts.motor, suspensions: SuspensionsDocument(status.suspensions).stretches)
        recording = facts.recording
    }

    /// The segments a calibration session has passed: each pair of neighbouring stations up to where it stands.
    static func covered(_ session: CalibrationSession) -> [String] {
        (0..<session.position).map { "\(session.stations[$0].station.rawValue)>\(session.stations[$0 + 1].station.rawValue)" }
    }
}

extension RoutesDocument {
    /// The chosen, pinned and recent routes the engine holds.
    init(engine: Engine) {
        self.init(selected: engine.selectedRoute, pinned: engine.routes.pinned, recents: engine.routes.displayedRecents)
    }
}
