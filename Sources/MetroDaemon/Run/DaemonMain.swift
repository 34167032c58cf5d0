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

    static let usage = """
        usage: metrotimerd [--config FILE] [--check-config] [--verbose] [--version] [--help]

          --config FILE    read FILE (and FILE.d/*.conf) instead of \(ConfigLoader.defaultPath)
          --check-config   validate the configuration and the network data, then exit (78 on error);
                           (and the GPIO chip and lines); claims no line, touches no state
          --verbose        log debug lines too
          --version        version and data sources

        Signals: TERM/INT stop cleanly (motor off), HUP reloads the configuration.
        """

    /// Runs the daemon and returns its exit status.
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        var configPath: String?
        var checkOnly = false
        var verbose = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--config":
                guard let path = rest.popFirst(), !path.isEmpty else {
                    printError("metrotimerd: --config needs a FILE")
                    return usageError
                }
                configPath = path
            case "--check-config": checkOnly = true
            case "--verbose", "-v": verbose = true
            case "--version", "-V":
                print(versionText)
                return 0
            case "--help", "-h":
                print(usage)
                return 0
            default:
                printError("metrotimerd: unknown option '\(argument)'\n\(usage)")
                return usageError
            }
        }
        if checkOnly {
            let check = ConfigCheck(configPath: configPath, environment: environment)
            for warning in check.warnings { printError("metrotimerd: warning: \(warning)") }
            for problem in check.problems { printError("<3>metrotimerd: \(problem)") }
            guard check.problems.isEmpty else { return configurationError }
            print("configuration OK" + (check.warnings.isEmpty ? "" : " (with warnings: not everything could be checked)"))
            return 0
        }
        let config: DaemonConfig
        do {
            (config, _) = try ConfigLoader.load(path: configPath, environment: environment)
        } catch {
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

    static var versionText: String {
        """
        metrotimerd \(version)
        timetable: Kyiv city open data portal (first/last departures per station)
        station coordinates: © OpenStreetMap contributors, ODbL 1.0 (https://www.openstreetmap.org/copyright)
        """
    }
}

/// Writes a line to standard error (fd 2) without touching the C `stderr` global.
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    if bytes.last != 0x0A { bytes.append(0x0A) }
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
