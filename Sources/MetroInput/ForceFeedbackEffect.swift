internal import CInputShim

/// The two kinds of force-feedback effect a vibrator is driven with.
public enum ForceFeedbackEffect: Sendable, CaseIterable {
    /// `FF_RUMBLE`: both motors at a magnitude (phones' and gamepads' vibrators).
    case rumble
    /// `FF_PERIODIC`: a waveform at a signed level (vibrators that offer only that).
    case periodic

    /// The effect type as the kernel numbers it.
    var code: Int32 {
        switch self {
        case .rumble: metro_input_ff_rumble()
        case .periodic: metro_input_ff_periodic()
        }
    }

    /// The name `<linux/input.h>` gives it.
    public var name: String {
        switch self {
        case .rumble: "FF_RUMBLE"
        case .periodic: "FF_PERIODIC"
        }
    }
}
