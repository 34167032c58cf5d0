/// What the rider does during a ride, besides the press as the first train pulls out.
public enum RiderBehaviour: String, CaseIterable, Sendable {
    /// Presses only at the start.
    case startOnly = "start press only"
    /// Also presses "train departed" as the train after a change pulls out.
    case trainDeparted = "also presses train departed"
    /// Presses at the start and carries a GPS receiver that sees the sky on surface stretches.
    case gps = "start press + GPS"
}
