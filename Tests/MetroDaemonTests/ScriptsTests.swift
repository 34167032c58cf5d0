import Foundation
import GPSTestSupport
import Glibc
import Testing

/// `make run` (scripts/run.sh) and `make demo` (scripts/demo.sh), run for real on the built binaries.
@Suite(.serialized) struct ScriptsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Starts scripts/run.sh with `XDG_RUNTIME_DIR`, `GPSD` and `RUN_LANG`, reads its banner up to its last line
    /// ("Stop it with Ctrl-C." / "Зупинити: Ctrl-C."), and returns the running process with the banner.
    func startRun(runtimeDirectory: String, gpsd: String, language: String = "en") throws -> (Process, String, FileHandle) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [Self.root.appendingPathComponent("scripts/run.sh").path, DaemonProcess.productsDirectory.path]
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env["GPSD"] = gpsd
        env["RUN_LANG"] = language
        env["METROTIMER_SOCKET"] = nil
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        var banner = ""
        let reader = out.fileHandleForReading
        while !banner.contains("Ctrl-C.") {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        return (p, banner, reader)
    }

    func stop(_ p: Process) {
        if p.isRunning { kill(p.processIdentifier, SIGTERM) }
        p.waitUntilExit()
    }

    /// The banner names the control socket and the exact command to reach it; the files live under
    /// $XDG_RUNTIME_DIR (never a fixed /tmp folder); a gpsd that is not there is not used (no retries).
    @Test func runPrintsTheSocketAndKeepsItsFilesInTheRuntimeDirectory() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-xdg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let absent = try Loopback.freePort(type: Int32(SOCK_STREAM.rawValue))
        let (p, banner, _) = try startRun(runtimeDirectory: runtime.path, gpsd: "127.0.0.1:\(absent)")
        defer { stop(p) }
        let socket = runtime.appendingPathComponent("metrotimer-run/run/control.sock").path
        #expect(banner.contains("control socket: \(socket)"), "\(banner)")
        #expect(banner.contains("export METROTIMER_SOCKET=\(socket)"), "\(banner)")
        let cli = DaemonProcess.cliPath
        #expect(banner.contains("\(cli) --socket \(socket) status"), "\(banner)")
        #expect(banner.contains("no gpsd at 127.0.0.1:\(absent): GPS is off"), "\(banner)")
        let config = try String(contentsOfFile: runtime.appendingPathComponent("metrotimer-run/metrotimer.conf").path, encoding: .utf8)
        #expect(config.contains("gpsd = off\n"), "\(config)")
        #expect(!config.contains("/tmp/metrotimer-run"))
        // The printed command works as printed.
        #expect(eventually { (try? DaemonProcess.run(cli, ["--socket", socket, "status"]))?.status == 0 },
                "the command the banner prints reaches the daemon")
        let status = try DaemonProcess.run(cli, ["--socket", socket, "status", "--lang", "en"])
        #expect(status.stdout.contains("Idle"), "\(status.stdout)\(status.stderr)")
    }

    /// In Ukrainian the banner says the same (the socket, the command), and the daemon words its refusals in
    /// Ukrainian; the locale chooses it when RUN_LANG is not given.
    @Test func runSpeaksUkrainianWhenAskedOrByTheLocale() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-xdg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let absent = try Loopback.freePort(type: Int32(SOCK_STREAM.rawValue))
        let (p, banner, _) = try startRun(runtimeDirectory: runtime.path, gpsd: "127.0.0.1:\(absent)", language: "uk")
        defer { stop(p) }
        let socket = runtime.appendingPathComponent("metrotimer-run/run/control.sock").path
        #expect(banner.contains("сокет керування:  \(socket)"), "\(banner)")
        #expect(banner.contains("export METROTIMER_SOCKET=\(socket)"), "\(banner)")
        #expect(banner.contains("\(DaemonProcess.cliPath) --socket \(socket) status"), "\(banner)")
        #expect(banner.contains("на 127.0.0.1:\(absent) немає gpsd: цього разу GPS вимкнено"), "\(banner)")
        #expect(!banner.contains("Talk to it"), "\(banner)")
        let config = try String(contentsOfFile: runtime.appendingPathComponent("metrotimer-run/metrotimer.conf").path, encoding: .utf8)
        #expect(config.contains("language = uk\n"), "\(config)")
        // A bad RUN_LANG is refused naming it, and nothing starts.
        let bad = try DaemonProcess.run("/bin/bash", [Self.root.appendingPathComponent("scripts/run.sh").path,
                                                      DaemonProcess.productsDirectory.path],
                                        environment: ProcessInfo.processInfo.environment.merging(["RUN_LANG": "fr"]) { $1 })
        #expect(bad.status == 2 && bad.stderr.contains("RUN_LANG must be uk or en, not 'fr'"), "\(bad.stderr)")
    }

    /// A gpsd that answers is configured; without XDG_RUNTIME_DIR the files go to .build/run in the clone.
    @Test func runUsesAGpsdThatIsThere() throws {
        let gpsd = try GPSDProcess.start()
        defer { gpsd.stop() }
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-xdg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let (p, banner, _) = try startRun(runtimeDirectory: runtime.path, gpsd: "127.0.0.1:\(gpsd.port)")
        defer { stop(p) }
        #expect(banner.contains("gpsd at 127.0.0.1:\(gpsd.port): used"), "\(banner)")
        let config = try String(contentsOfFile: runtime.appendingPathComponent("metrotimer-run/metrotimer.conf").path, encoding: .utf8)
        #expect(config.contains("gpsd = 127.0.0.1:\(gpsd.port)\n"), "\(config)")
    }

    /// The demo rides a short trip and explains that its journal figures are model seconds at ×60, in the
    /// language asked for (DEMO_LANG) or the locale's: its own lines and every program's answer.
    @Test(arguments: [("en", [:]), ("uk", ["DEMO_LANG": "uk"]), ("uk", ["LANG": "uk_UA.UTF-8"])])
    func demoExplainsItsScaledJournal(_ language: String, _ choice: [String: String]) throws {
        var env = ProcessInfo.processInfo.environment
        for key in ["LC_ALL", "LC_MESSAGES", "LANG", "DEMO_LANG"] { env[key] = nil }
        env.merge(choice) { $1 }
        env["DEMO_TIME_SCALE"] = "60"
        env["METROTIMER_SOCKET"] = nil
        // A test thread blocks signals and a spawned child inherits that mask, so the demo's own `kill` of its
        // status watcher would never land: start it with the empty mask a terminal gives it.
        let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv('/bin/bash', sys.argv[1:])"
        let r = try DaemonProcess.run("/usr/bin/python3", ["-c", unblocked, "bash", Self.root.appendingPathComponent("scripts/demo.sh").path,
                                                           DaemonProcess.productsDirectory.path, "lisova", "chernihivska"],
                                      environment: env)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        if language == "en" {
            #expect(r.stdout.contains("note: at time ×60 the journal counts model seconds"), "\(r.stdout)")
            #expect(r.stdout.contains("not an error of the model"))
            #expect(r.stdout.contains("short press: alert acknowledged"), "\(r.stdout)")
            #expect(r.stdout.contains("demo: complete ride shown"))
            #expect(!LanguageCoverageTests.hasCyrillic(r.stdout), "\(r.stdout)")
        } else {
            #expect(r.stdout.contains("примітка: за часу ×60 журнал лічить секунди моделі"), "\(r.stdout)")
            #expect(r.stdout.contains("а не похибка моделі"))
            #expect(r.stdout.contains("коротке натискання: сигнал підтверджено"), "\(r.stdout)")
            #expect(r.stdout.contains("  status: У дорозі: Лісова → Чернігівська"), "\(r.stdout)")
            #expect(r.stdout.contains("demo: усю поїздку показано"))
            // Only the daemon's log lines (English by design, so a journal grep finds them), the names the rider
            // types and the script's own name before its last line stay as they are.
            let ours = r.stdout.split(separator: "\n").filter { !$0.hasPrefix("  daemon: ") }
                .map { $0.hasPrefix("demo: ") ? $0.dropFirst(6) : $0 }.joined(separator: "\n")
            #expect(LanguageCoverageTests.englishWords(ours).isEmpty, "\(LanguageCoverageTests.englishWords(ours))\n\(ours)")
        }
    }

    /// `make demo DEMO_DATA=FILE` rides an imported network: without stations given, from its first line's first
    /// station to one on its second line, with the change between them.
    @Test func demoRidesAnImportedNetwork() throws {
        let dir = try makeScratchDirectory("demo-imported")
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = ProcessInfo.processInfo.environment
        for key in ["LC_ALL", "LC_MESSAGES", "LANG", "DEMO_LANG", "METROTIMER_SOCKET", "METROTIMER_DATA"] { env[key] = nil }
        env["DEMO_DATA"] = try writeSketchNetwork(in: dir)
        env["DEMO_TIME_SCALE"] = "60"
        let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv('/bin/bash', sys.argv[1:])"
        let r = try DaemonProcess.run("/usr/bin/python3", ["-c", unblocked, "bash", Self.root.appendingPathComponent("scripts/demo.sh").path,
                                                           DaemonProcess.productsDirectory.path], environment: env)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("metrotimer route A E"), "\(r.stdout)")
        #expect(r.stdout.contains("change to line L2"), "the offline plan on the same network: \(r.stdout)")
        #expect(r.stdout.contains("  status: Changing lines"), "\(r.stdout)")
        #expect(r.stdout.contains("  status: Arrived: E"), "\(r.stdout)")
        #expect(r.stdout.contains("demo: complete ride shown"), "\(r.stdout)")
    }
}
