import Glibc
import MetroIIO
import MetroModel
import MetroSystem

/// The accelerometer (`motion_device`), read only while a trip runs: its buffer is enabled when a ride starts and
/// disabled when it ends, so an idle daemon holds no descriptor and nothing wakes it. While reading, the kernel
/// fills the buffer from the sensor's own trigger and the descriptor turns readable once a second's samples are
/// waiting (the watermark): one wake-up a second, each handing the engine that second's samples on the model's
/// timeline.
///
/// A device without a buffer (no interrupt wired: the Librem 5), or with one but nothing to fill it (no trigger of
/// its own, none set by the system), is polled instead: its three raw attributes read
/// `polledSamplesPerSecond` times a second on a timer armed only while reading, and handed on once a second's
/// samples are in — the one case where a riding daemon wakes more than once a second, and only while it rides.
///
/// A sensor another reader holds (EBUSY: iio-sensor-proxy), or one that fails, is a fault the status shows; the
/// ride goes on without motion, and the next ride tries again: a failure is latched for the trip (its t0) or the
/// recording it happened in, so the status published after every change does not try (and warn) again. A failure
/// while reading is told to the daemon (`onFailure`), which publishes the status that shows it.
///
/// A buffer found enabled when the daemon starts, with nobody holding the device, was left so by a reader that
/// died (a daemon killed mid-ride): it is disabled, so the sensor does not run for nothing until the next ride.
final class MotionLink {
    /// Who wants the sensor read: a riding trip (by its t0) or a recording (by its id).
    enum Reader: Equatable {
        case trip(Instant)
        case recording(Int64)
    }

    /// Samples a second asked of the sensor (the detector works in one-second windows; 50 Hz covers its 1–20 Hz
    /// band).
    static let samplesPerSecond = 50.0
    /// Scans read per wake-up at most: a second and a half at the rate the device runs at (75 at the 50 asked; a
    /// device that cannot be set so low gives more each second, and a bound of the asked rate's would leave a growing
    /// backlog until the kernel dropped samples). What a late wake-up left is read at the next turn (the descriptor
    /// stays readable). Held to 10 kHz's worth, 240 kB a read: no accelerometer a board carries runs faster.
    static func scansPerWakeUp(rate: Double) -> Int {
        Int((min(max(rate, samplesPerSecond), 10_000) * 1.5).rounded(.up))
    }

    /// Samples a second read from a device that must be polled: the lab's motion world is sampled at this rate, the
    /// slowest the detector is known to work at, and each costs a wake-up.
    static let polledSamplesPerSecond = 25

    /// The device: read through its buffer, or polled.
    private enum Sensor {
        case buffered(IIOAccelerometer)
        case polled(IIOPolledAccelerometer, KernelTimer)

        var described: String {
            switch self {
            case .buffered(let sensor): sensor.described
            case .polled(let sensor, _): sensor.described
            }
        }
    }

    private let sensor: Sensor
    /// Scans read per wake-up at most, from the rate the buffered device reported when it started.
    private var scansPerWakeUp = MotionLink.scansPerWakeUp(rate: MotionLink.samplesPerSecond)
    /// The polled samples gathered towards the next hand-over, and when the next poll is due.
    private var polled: [AccelerometerReading] = []
    private var nextPoll: Int64 = 0
    private let loop: EventLoop
    private let log: Logger
    private let clock: ModelClock
    private var token: EventLoop.Token?
    private var onSamples: ([AccelerationSample]) -> Void = { _ in }
    private var onReadings: ([AccelerometerReading]) -> Void = { _ in }
    private var onFailure: () -> Void = {}
    /// Whether the buffer is being read now.
    private(set) var isReading = false
    /// Why motion is unavailable, while it is (the status's `faults`).
    private(set) var faultText: Phrase?
    /// The riding trip's t0, as the last status published said.
    private var tripT0: Instant?
    /// The open recording, if any.
    private var recording: Int64?
    /// The reader whose start (or reading) failed: not tried again until another one wants the sensor.
    private var failedFor: Reader?

    /// Finds the configured device. A device that is not there, or is an accelerometer that can be neither read
    /// from its buffer nor polled, is a configuration error (the daemon does not start, as for a missing input
    /// device). `sysfs` and `dev` are where
    /// the devices are looked for (tests use a tree of their own).
    init(device spec: String, loop: EventLoop, log: Logger, clock: ModelClock,
         sysfs: String = IIOAccelerometer.defaultSysfs, dev: String = IIOAccelerometer.defaultDev) throws
    {
        do {
            sensor = try Self.open(spec, sysfs: sysfs, dev: dev)
        } catch let error as IIOError {
            throw DaemonStartError("motion_device = \(spec): \(error.message)", exitCode: 78)
        } catch {
            throw DaemonStartError("motion_device = \(spec): \(error)", exitCode: 78)
        }
        self.loop = loop
        self.log = log
        self.clock = clock
        log.info("motion: \(sensor.described), read while a trip runs")
        if case .buffered(let device) = sensor, device.disableStaleBuffer() {
            log.notice("motion: \(sensor.described) had its buffer left enabled (a reader that stopped without disabling it); disabled until a ride wants it")
        }
    }

    /// The device `spec` names, read as `AccelerometerChoice` decides; a polled one with the timer that paces it.
    private static func open(_ spec: String, sysfs: String, dev: String) throws -> Sensor {
        switch try AccelerometerChoice.open(spec, sysfs: sysfs, dev: dev) {
        case .buffered(let device): .buffered(device)
        case .polled(let device): .polled(device, try KernelTimer(preferAlarm: false))
        }
    }

    /// Where each wake-up's samples go: on the model's timeline (the engine), and as the kernel stamped them (a
    /// recording); and who is told when reading fails.
    func register(onSamples: @escaping ([AccelerationSample]) -> Void,
                  onReadings: @escaping ([AccelerometerReading]) -> Void = { _ in }, onFailure: @escaping () -> Void = {})
    {
        self.onSamples = onSamples
        self.onReadings = onReadings
        self.onFailure = onFailure
    }

    /// Who wants the sensor now: the open recording, else the riding trip, else nobody.
    var reader: Reader? { recording.map(Reader.recording) ?? tripT0.map(Reader.trip) }

    /// The riding trip's t0 (nil: no trip rides); idempotent, called after every status change.
    func setReading(forTrip t0: Instant?) {
        tripT0 = t0
        update()
    }

    /// The open recording (nil: none).
    func setRecording(_ id: Int64?) {
        recording = id
        update()
    }

    /// Reads while someone wants the sensor, unless starting failed for that same one.
    private func update() {
        guard let reader else {
            if isReading { stop() }
            return
        }
        guard !isReading, reader != failedFor else { return }
        start(for: reader)
    }

    func close() { stop() }

    private func start(for reader: Reader) {
        do {
            switch sensor {
            case .buffered(let device):
                let rate = try device.start(samplesPerSecond: Self.samplesPerSecond, wakeEverySeconds: 1)
                scansPerWakeUp = Self.scansPerWakeUp(rate: rate)
                guard let fd = device.fd else { return }
                token = try loop.register(fd: fd, events: .readable) { [weak self] _ in self?.readable() }
                log.info("motion: reading \(sensor.described) at \(rate) Hz")
            case .polled(let device, let timer):
                try device.start()
                polled = []
                nextPoll = Clocks.now(.boottime)
                try timer.arm(atBoottimeNanoseconds: nextPoll)
                token = try loop.register(fd: timer.fd.rawValue, events: .readable) { [weak self] _ in self?.pollDue() }
                log.info("motion: polling \(sensor.described) \(Self.polledSamplesPerSecond) times a second")
            }
            isReading = true
            faultText = nil
        } catch let failure as IIOError {
            stopSensor()
            failedFor = reader
            faultText = Phrase(uk: "рух: \(failure.ukrainian)", en: "motion: \(failure.message)")
            log.warning("motion: \(failure.message); this ride goes on without motion")
        } catch {
            stopSensor()
            failedFor = reader
            faultText = Phrase(uk: "рух: «\(error)»", en: "motion: \(error)")
            log.warning("motion: \(error); this ride goes on without motion")
        }
    }

    private func stop() {
        if let token { loop.unregister(token) }
        token = nil
        if isReading { log.info("motion: stopped reading \(sensor.described)") }
        stopSensor()
        isReading = false
    }

    /// The device stopped (its buffer disabled or its attributes closed) and the poll timer disarmed.
    private func stopSensor() {
        switch sensor {
        case .buffered(let device):
            device.stop()
        case .polled(let device, let timer):
            device.stop()
            _ = try? timer.disarm()
            polled = []
        }
    }

    private func readable() {
        guard case .buffered(let device) = sensor else { return }
        do {
            hand(try device.read(maximumScans: scansPerWakeUp))
        } catch {
            failed(error)
        }
    }

    /// A poll is due: one sample, the next poll armed on the same grid (a late wake-up skips the polls it missed
    /// rather than catching up in a burst), and a second's samples handed on.
    private func pollDue() {
        guard case .polled(let device, let timer) = sensor else { return }
        _ = try? timer.acknowledge()
        do {
            if let reading = try device.read() { polled.append(reading) }
            nextPoll = Self.pollAfter(nextPoll, now: Clocks.now(.boottime),
                                      period: Int64(1_000_000_000 / Self.polledSamplesPerSecond))
            try timer.arm(atBoottimeNanoseconds: nextPoll)
        } catch let error as IIOError {
            failed(error)
            return
        } catch {
            failed(IIOError.system("arming the poll timer", uk: "запуск таймера опитування", errno: EIO))
            return
        }
        if polled.count >= Self.polledSamplesPerSecond {
            let batch = polled
            polled = []
            hand(batch)
        }
    }

    /// The poll after the one due at `due`, on its grid: the first grid instant after `now`, so a late wake-up
    /// skips the polls it missed rather than catching up in a burst. Both instants are the kernel's boot-time
    /// clock read by this process, centuries from Int64's ends.
    static func pollAfter(_ due: Int64, now: Int64, period: Int64) -> Int64 {
        due + (max(0, now - due) / period + 1) * period
    }

    /// One wake-up's readings to the recording and, on the model's timeline, to the engine.
    private func hand(_ readings: [AccelerometerReading]) {
        guard !readings.isEmpty else { return }
        onReadings(readings)
        onSamples(readings.map {
            AccelerationSample(at: clock.model(boottime: $0.boottimeNanoseconds), x: $0.x, y: $0.y, z: $0.z)
        })
    }

    private func failed(_ error: IIOError) {
        stop()
        failedFor = reader
        faultText = Phrase(uk: "рух: \(error.ukrainian)", en: "motion: \(error.message)")
        log.warning("motion: \(error.message); this ride goes on without motion")
        onFailure()
    }
}
