/// What the rider does during a ride, besides the press as the first train pulls out.
public enum RiderBehaviour: String, CaseIterable, Sendable {
    /// Presses only at the start.
    case startOnly = "start press only"
    /// Does what the engine asks: presses "train departed" as the train after a change pulls out, if "change
    /// here" (which ends with the ask) or the reminder came before that train left. Unasked, this rider presses
    /// only at the start.
    case trainDeparted = "presses train departed when asked"
    /// Presses at the start and carries a GPS receiver that sees the sky on surface stretches.
    case gps = "start press + GPS"
    /// Presses only at the start and carries an accelerometer the daemon reads while the trip runs (model §5.5).
    case motion = "motion, start press only"
}
