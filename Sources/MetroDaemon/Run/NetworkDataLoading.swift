import MetroModel
import MetroSystem

extension DaemonConfig {
    /// The network the daemon runs on (`data_file`, else where every program looks), and the file it came from;
    /// or why there is none, in both languages. The daemon's start and `--check-config` load it this way.
    func loadNetwork(environment: [String: String]) -> Result<(network: Network, path: String), NetworkLoadProblem> {
        switch NetworkDataSearch.run(explicit: dataFile, environment: environment) {
        case .missing(let tried):
            let places = tried.joined(separator: ", ")
            return .failure(NetworkLoadProblem(phrase: Phrase(uk: "файл даних мережі не знайдено (шукали: \(places))",
                                                              en: "no network data file found (tried \(places))"),
                                               isMissing: true))
        case .unreadable(let path, let error):
            return .failure(NetworkLoadProblem(phrase: Phrase(uk: error.ukrainian("файл даних мережі \(path) не прочитано"),
                                                              en: "cannot read network data: \(error)"),
                                               isMissing: false))
        case .found(let path, let bytes):
            do { return .success((try Network.load(json: bytes), path)) } catch {
                return .failure(NetworkLoadProblem(phrase: Phrase(uk: "\(path): \(error.ukrainian)", en: "\(path): \(error.message)"),
                                                   isMissing: false))
            }
        }
    }
}

/// Why the daemon has no network, in both languages; `isMissing` when no file was found at all (the daemon then
/// says which key names one).
struct NetworkLoadProblem: Error {
    let phrase: Phrase
    let isMissing: Bool
}
