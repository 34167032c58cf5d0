import MetroModel

/// The `gesture` of a pushed `{"event": "gesture", "gesture": {...}}` line: what a press on the board was and did,
/// so `metrotimer press` can say it. Every field is written, `null` when it has no value.
public struct GestureDocument: Codable, Equatable, Sendable {
    /// Why the action was refused, in each language.
    public typealias Refusal = Phrase

    public var button: Int
    /// `short`, `double`, `long` or `veryLong` (`Gesture`); null for a press that meant nothing.
    @ExplicitNull public var gesture: String?
    /// What the gesture did (`start`, `plusOne`, …); null for a press that meant nothing.
    @ExplicitNull public var action: String?
    @ExplicitNull public var refused: Refusal?
    /// The refusal's stable word (`ReplyCode`).
    @ExplicitNull public var code: String?

    public init(button: Int, gesture: String?, action: String?, refused: Refusal?, code: String?) {
        self.button = button
        self.gesture = gesture
        self.action = action
        self.refused = refused
        self.code = code
    }
}
