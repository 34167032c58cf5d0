import MetroModel
import MetroSystem

extension DaemonConfig {
    /// The network the daemon runs on (`data_file`, else where every program looks), and the file it came from;
    /// or why there is none, in both languages. The daemon's start and `--check-config` load it this way.
    func loadNetwork(environment: [String: String]) -> Result<(network: any RideNetwork, path: String), NetworkLoadProblem> {
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
            do throws(NetworkDataError) {
                if GeneralNetwork.declaredSchema(of: bytes) == 2 {
                    let general = try GeneralNetwork.load(json: bytes)
                    return zoneRules(of: general, path: path, environment: environment).map {
                        (ImportedNetwork(general: general, zone: $0), path)
                    }
                }
                return .success((try Network.load(json: bytes), path))
            } catch {
                return .failure(NetworkLoadProblem(phrase: Phrase(uk: "\(path): \(error.ukrainian)", en: "\(path): \(error.message)"),
                                                   isMissing: false))
            }
        }
    }

    /// The rules of an imported network's time zone from the system's tz database, or why they cannot be read
    /// (a network whose clock is unknown cannot be ridden: every timetable look-up needs it).
    private func zoneRules(of general: GeneralNetwork, path: String, environment: [String: String])
        -> Result<TimeZoneRules, NetworkLoadProblem>
    {
        do throws(TimeZoneDatabase.RulesError) {
            return .success(try TimeZoneDatabase.rules(named: general.file.time_zone, environment: environment))
        } catch {
            // The field is named where the zone's name was at fault; a damaged zone file is named by its zone.
            let field = if case .lookup = error { "time_zone: " } else { "" }
            let reason = error.phrase
            return .failure(NetworkLoadProblem(phrase: Phrase(uk: "\(path): \(field)\(reason.uk)", en: "\(path): \(field)\(reason.en)"),
                                               isMissing: false))
        }
    }
}

/// Why the daemon has no network, in both languages; `isMissing` when no file was found at all (the daemon then
/// says which key names one).
struct NetworkLoadProblem: Error {
    let phrase: Phrase
    let isMissing: Bool
}
