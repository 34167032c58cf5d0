import MetroControl
import MetroModel

/// Station names for display, from the network data of this run when it could be found (ids otherwise).
///
/// One value per command line, loaded once by `MetrotimerCLI.run` and handed down in the `CommandContext`: the
/// views never reach for process-wide state, so commands run side by side (as the in-process tests run them) share
/// nothing mutable.
public struct StationNames: Sendable {
    /// The network the names come from; nil when no data file was found (the views then show ids).
    public let network: (any RideNetwork)?

    public init(network: (any RideNetwork)?) { self.network = network }

    /// The station's name in `language`, its id when the network does not know it, "?" for none.
    func name(_ id: String?, _ language: Language) -> String {
        guard let id else { return "?" }
        return network?.station(StationID(id))?.name(language) ?? id
    }

    /// "Lisova → Teremky".
    func route(from: String, to: String, _ language: Language) -> String {
        "\(name(from, language)) → \(name(to, language))"
    }
}
