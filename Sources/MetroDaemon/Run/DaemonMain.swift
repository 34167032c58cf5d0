import Glibc
import MetroModel
import MetroSystem

/// The `metrotimerd` command line: options, `--check-config`, and exit statuses systemd understands
/// (78 = configuration error, so `RestartPreventExitStatus=78` stops a restart loop).
public enum DaemonMain {
    public static let version = "0.1.0"
    /// EX_CONFIG: the configuration or the data is wrong; restarting will not help.
    public static let configurationError: Int32 = 78
    /// EX_USAGE.
    public static let usageError: Int32 = 64

    /// The help text (`--help`, and after a usage error).
    static func usage(_ L: Language) -> String {
        Phrase(uk: """
            використання: metrotimerd [--config ФАЙЛ] [--check-config] [--verbose] [--version] [--lang uk|en] [--help]

              --config ФАЙЛ    читати ФАЙЛ (і ФАЙЛ.d/*.conf) замість \(ConfigLoader.defaultPath)
              --check-config   перевірити налаштування, дані мережі (а з платою GPIO — і мікросхему та лінії)
                               і вийти (78 за помилки); не займає жодної лінії, не змінює збережене
              --verbose        писати в журнал і налагоджувальні рядки
              --version        версія і джерела даних
              --lang uk|en     мова цих повідомлень (інакше — LC_ALL, LC_MESSAGES чи LANG, інакше англійська);
                               рядки журналу служби завжди англійською

            Сигнали: TERM/INT — чиста зупинка (мотор вимкнено), HUP — перечитати налаштування.
            """, en: """
            usage: metrotimerd [--config FILE] [--check-config] [--verbose] [--version] [--lang uk|en] [--help]

              --config FILE    read FILE (and FILE.d/*.conf) instead of \(ConfigLoader.defaultPath)
              --check-config   validate the configuration and the network data (and with hardware = gpio the GPIO
                               chip and lines), then exit (78 on error); claims no line, touches no state
              --verbose        log debug lines too
              --version        version and data sources
              --lang uk|en     the language of these messages (else LC_ALL, LC_MESSAGES or LANG, else English);
                               the daemon's log lines are always English

            Signals: TERM/INT stop cleanly (motor off), HUP reloads the configuration.
            """)(L)
    }

    /// The language of metrotimerd's own messages: the last `--lang` (before or after the other options, taken out
    /// of `arguments`), else the locale's, else English; a failure when `--lang` has no good value.
    static func language(taking arguments: inout [String], environment: [String: String]) -> Result<Language, LanguageProblem> {
        var chosen: Language?
        for value in LanguageChoice.takeOptions(&arguments) {
            guard let language = Language(rawValue: value.lowercased()) else { return .failure(LanguageProblem(value: value)) }
            chosen = language
        }
        return .success(chosen ?? localeLanguage(environment))
    }

    /// `uk` when the locale asks for it (`LanguageChoice.localeIsUkrainian`), else English.
    static func localeLanguage(_ environment: [String: String]) -> Language {
        LanguageChoice.localeIsUkrainian(environment) ? .uk : .en
    }

    /// A `--lang` value that is neither `uk` nor `en`.
    struct LanguageProblem: Error {
        let value: String
    }

    /// Runs the daemon and returns its exit status.
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        var configPath: String?
        var checkOnly = false
        var verbose = false
        var arguments = arguments
        let L: Language
        switch language(taking: &arguments, environment: environment) {
        case .success(let language): L = language
        case .failure(let problem):
            let fallback = localeLanguage(environment)
            printError(Phrase(uk: "metrotimerd: --lang має бути uk або en, а не '\(problem.value)'",
                              en: "metrotimerd: --lang must be uk or en, not '\(problem.value)'")(fallback))
            return usageError
        }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--config":
                guard let path = rest.popFirst(), !path.isEmpty else {
                    printError(Phrase(uk: "metrotimerd: --config потребує ФАЙЛ", en: "metrotimerd: --config needs a FILE")(L))
                    return usageError
                }
                configPath = path
            case "--check-config": checkOnly = true
            case "--verbose", "-v": verbose = true
            case "--version", "-V":
                print(versionText(L))
                return 0
            case "--help", "-h":
                print(usage(L))
                return 0
            default:
                printError(Phrase(uk: "metrotimerd: невідомий параметр '\(argument)'", en: "metrotimerd: unknown option '\(argument)'")(L)
                           + "\n" + usage(L))
                return usageError
            }
        }
        if checkOnly {
            let check = ConfigCheck(configPath: configPath, environment: environment)
            for warning in check.warnings {
                printError(Phrase(uk: "metrotimerd: попередження: ", en: "metrotimerd: warning: ")(L) + warning(L))
            }
            for problem in check.problems { printError("<3>metrotimerd: " + problem(L)) }
            guard check.problems.isEmpty else { return configurationError }
            print(check.warnings.isEmpty
                  ? Phrase(uk: "налаштування гаразд", en: "configuration OK")(L)
                  : Phrase(uk: "налаштування гаразд (з попередженнями: не все вдалося перевірити)",
                           en: "configuration OK (with warnings: not everything could be checked)")(L))
            return 0
        }
        let config: DaemonConfig
        do {
            (config, _) = try ConfigLoader.load(path: configPath, environment: environment)
        } catch {
            // The start-up refusal goes to the journal: English, like every log line (docs/decisions.md).
            for problem in error.problems { printError("<3>metrotimerd: configuration error: \(problem)") }
            return configurationError
        }
        let log = Logger(verbose: verbose || config.logLevel == .debug)
        // A write to a pipe or socket whose reader is gone (a log reader that exited, gpsd between its close and
        // our read of it) must be an EPIPE error, not a SIGPIPE that kills the process with the motor possibly on.
        // systemd ignores SIGPIPE for its services by default; any other way of starting the daemon may not.
        signal(SIGPIPE, SIG_IGN)
        // A stalled journald must cost log lines, not alerts (see StandardErrorSink).
        StandardErrorSink.neverBlockOnJournal()
        let daemon: Daemon
        do {
            daemon = try Daemon(config: config, configPath: configPath, environment: environment, log: log)
        } catch let error as DaemonStartError {
            log.error(error.description)
            return error.exitCode
        } catch {
            log.error("cannot start: \(error)")
            return 1
        }
        return daemon.run()
    }

    static func versionText(_ L: Language) -> String {
        // The licence's own wording (a name and a licence id) stays as the licence asks, in both languages.
        Phrase(uk: """
            metrotimerd \(version)
            розклад: портал відкритих даних міста Києва (перше й останнє відправлення з кожної станції)
            координати станцій: © OpenStreetMap contributors, ODbL 1.0 (https://www.openstreetmap.org/copyright)
            """, en: """
            metrotimerd \(version)
            timetable: Kyiv city open data portal (first/last departures per station)
            station coordinates: © OpenStreetMap contributors, ODbL 1.0 (https://www.openstreetmap.org/copyright)
            """)(L)
    }
}

/// Writes a line to standard error (fd 2) without touching the C `stderr` global.
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    if bytes.last != 0x0A { bytes.append(0x0A) }
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
