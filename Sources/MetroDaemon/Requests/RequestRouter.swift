import MetroControl
import MetroEngine
import MetroModel

/// Routes each control request to the handler of its concern — the trip, routes, suspensions, reminders,
/// calibration, the journal, the device — and answers in the sender's language. One switch over the request
/// enum, with no `default:`: a request added to the contract does not compile until it is routed here.
final class RequestRouter: ControlRequestHandling {
    private let clock: ModelClock
    private let network: any RideNetwork
    private let hub: StatusHub
    private let engine: Engine
    private let trip: TripRequests
    private let routes: RouteRequests
    private let suspensions: SuspensionRequests
    private let reminders: ReminderRequests
    private let calibration: CalibrationRequests
    private let journal: JournalRequests
    private let device: DeviceRequests
    private let recording: RecordingRequests

    init(engine: Engine, hub: StatusHub, device: DeviceController, hardware: Hardware, store: SQLiteStore,
         network: any RideNetwork, clock: ModelClock, journalUnreadable: String?, recorder: MotionRecorder)
    {
        self.clock = clock
        self.network = network
        self.hub = hub
        self.engine = engine
        trip = TripRequests(engine: engine, clock: clock)
        routes = RouteRequests(engine: engine)
        suspensions = SuspensionRequests(engine: engine)
        reminders = ReminderRequests(engine: engine)
        calibration = CalibrationRequests(engine: engine)
        journal = JournalRequests(engine: engine, store: store, unreadable: journalUnreadable)
        self.device = DeviceRequests(device: device, hardware: hardware)
        recording = RecordingRequests(recorder: recorder, store: store)
    }

    func stream(for envelope: ControlEnvelope) -> ReplyStream? {
        guard case .journal(let limit) = envelope.request else { return nil }
        return journal.stream(limit: limit)
    }

    func reply(to envelope: ControlEnvelope, peer: ControlServer.Peer) -> (reply: String, watch: Bool) {
        let context = RequestContext(now: clock.now(), language: envelope.language ?? hub.language, network: network,
                                     status: { [hub, engine, clock] in hub.document(for: engine.status(now: clock.now())) })
        // `watch` is answered like `status`; the connection then hears every change.
        var watch = false
        if case .watch = envelope.request { watch = true }
        return (route(envelope.request, context), watch)
    }

    private func route(_ request: ControlRequest, _ context: RequestContext) -> String {
        switch request {
        case .status, .watch, .showRoute: return ControlReply.ok(.status, context.status())
        case .start: return trip.start(context)
        case .plus: return trip.step(+1, context)
        case .minus: return trip.step(-1, context)
        case .departed: return trip.departed(context)
        case .arrived: return trip.arrived(context)
        case .cancel: return trip.cancel(context)
        case .chooseRoute(let from, let to): return routes.choose(from: from, to: to, context)
        case .routes: return routes.list()
        case .pin(let from, let to): return routes.pin(from: from, to: to, context)
        case .unpin(let from, let to): return routes.unpin(from: from, to: to, context)
        case .suspend(let from, let to): return suspensions.suspend(from: from, to: to, context)
        case .resume(let from, let to): return suspensions.resume(from: from, to: to, context)
        case .suspensions: return suspensions.show()
        case .remindAdd(let hour, let minute, let days, let from, let to):
            return reminders.add(hour: hour, minute: minute, days: days, from: from, to: to, context)
        case .reminders: return reminders.show()
        case .remindRemove(let number): return reminders.remove(number: number, context)
        case .calibration: return calibration.show()
        case .resetCalibration: return calibration.reset(context)
        case .calibrate(let line, let direction, let from): return calibration.begin(line: line, direction: direction, from: from, context)
        case .endCalibration: return calibration.end(context)
        case .journal(let limit): return journal.entries(limit: limit, context)
        case .stats: return journal.stats(context)
        case .year(let year): return journal.year(year, context)
        case .acknowledge: return device.acknowledge(context)
        case .press(let hold, let button): return device.press(holdMilliseconds: hold, button: button, context)
        case .recordStart(let label): return recording.start(label: label, context)
        case .recordStop: return recording.stop(context)
        case .recordings: return recording.list(context)
        case .recordExport(let id, let after): return recording.export(id: id, after: after, context)
        case .recordDelete(let id): return recording.delete(id: id, context)
        }
    }
}
