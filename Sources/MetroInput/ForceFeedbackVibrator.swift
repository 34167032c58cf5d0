internal import CInputShim
import Glibc

/// A phone's vibrator: a force-feedback device with one effect uploaded once and played per pulse.
///
/// `set(on: true)` writes `EV_FF code=<id> value=1` and `set(on: false)` writes `value=0`, so the pulses keep
/// the timing of whoever drives them. The effect itself lasts at most `lengthMs` (the caller's safety cap), so
/// even a lost stop cannot leave the motor running. The effect is `FF_RUMBLE` (both motors at `magnitude`)
/// when the device has it, else `FF_PERIODIC` (a sine, or a square, at half of `magnitude` as a signed level).
public final class ForceFeedbackVibrator {
    /// The device the effect lives on.
    public let device: InputDevice
    /// The uploaded effect's id.
    public let effectID: Int32
    /// `FF_RUMBLE` or `FF_PERIODIC`.
    public let effect: ForceFeedbackEffect
    /// Whether the last play/stop written was a play.
    public private(set) var isOn = false
    private var isReleased = false

    /// Opens `spec` (a path or a device name) for writing and uploads the effect. A device without force
    /// feedback fails with `.noForceFeedback`.
    public convenience init(spec: String, magnitude: UInt16, lengthMs: UInt16,
                            directory: String = InputDeviceLookup.defaultDirectory) throws(InputError) {
        try self.init(device: InputDeviceLookup.open(spec, writable: true, directory: directory),
                      magnitude: magnitude, lengthMs: lengthMs)
    }

    /// Uploads the effect to an open (writable) device.
    public init(device: InputDevice, magnitude: UInt16, lengthMs: UInt16) throws(InputError) {
        guard try device.hasForceFeedback() else {
            throw InputError(kind: .noForceFeedback, errno: 0, message: "\(device.described) has no force feedback (no EV_FF)",
                             ukrainian: "\(device.described) не має віддачі (немає EV_FF)")
        }
        let uploaded = try device.uploadEffect(magnitude: magnitude, lengthMs: lengthMs)
        self.device = device
        self.effectID = uploaded.id
        self.effect = uploaded.effect
    }

    deinit { release() }

    /// `FF_RUMBLE` or `FF_PERIODIC`, as the header spells it.
    public var effectName: String { effect.name }

    /// Plays or stops the effect.
    public func set(on: Bool) throws(InputError) {
        guard !isReleased else {
            throw InputError(kind: .system, errno: EBADF, message: "driving \(device.described): the vibrator was released",
                             ukrainian: "керування \(device.described): вібратор уже звільнено")
        }
        try device.playEffect(effectID, on)
        isOn = on
    }

    /// Stops the effect and erases it; idempotent. Errors are ignored: the device may be gone, and the
    /// kernel erases a closing descriptor's effects anyway.
    public func release() {
        guard !isReleased else { return }
        isReleased = true
        try? device.playEffect(effectID, false)
        isOn = false
        try? device.eraseEffect(effectID)
    }
}
