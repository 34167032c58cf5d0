import Foundation
import MetroCLI
import Testing

/// docs/uk/using.md is the rider's guide in Ukrainian, and a rider follows it as written: every command it shows
/// is a real one with real options, it covers every command docs/using.md does, its examples are what the
/// programs print with `--lang uk` when run in order against a real daemon on the simulated board, and its links
/// (and the README's Ukrainian lines) lead to files of the repository.
@Suite(.serialized) struct UkrainianGuideTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().standardizedFileURL
    static let guidePath = "docs/uk/using.md"
    static let englishGuidePath = "docs/using.md"

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    // MARK: Reading the Markdown

    /// A fenced code block: its info string (`console`, `sh`, …) and its lines.
    struct CodeBlock {
        var info: String
        var lines: [String]
    }

    /// The fenced code blocks of `markdown`, and the lines outside them.
    static func split(_ markdown: String) -> (blocks: [CodeBlock], prose: [String]) {
        var blocks: [CodeBlock] = []
        var prose: [String] = []
        var open: CodeBlock?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    open = CodeBlock(info: String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), lines: [])
                }
            } else if open != nil {
                open!.lines.append(line)
            } else {
                prose.append(line)
            }
        }
        return (blocks, prose)
    }

    /// The code spans of a line (`` `metrotimer plan FROM TO` ``), with Markdown's escaped `\|` unescaped.
    static func codeSpans(_ line: String) -> [String] {
        line.matches(of: /`([^`]+)`/).map { String($0.1).replacingOccurrences(of: "\\|", with: "|") }
    }

    /// One `metrotimer …` command line the document shows: the command's name, its sub-command when it has
    /// them (`remind add`), and the options it names.
    struct Shown: Hashable, CustomStringConvertible {
        var command: String
        var subcommand: String?
        var options: [String]
        var text: String
        var description: String { text }
    }

    /// The command lines a document shows: the command lines of its code blocks (a `console` block's lines after
    /// `$ `; every line of another block), the code spans of its table cells (with or without the leading
    /// `metrotimer`: a commands table writes `unpin FROM TO` beside `metrotimer pin FROM TO`), and the code spans of
    /// its prose that begin with `metrotimer `.
    static func shownCommands(_ markdown: String) -> [Shown] {
        let (blocks, prose) = split(markdown)
        var texts: [String] = []
        for block in blocks {
            for line in block.lines {
                if block.info == "console" {
                    if line.hasPrefix("$ ") { texts.append(String(line.dropFirst(2))) }
                } else {
                    texts.append(line)
                }
            }
        }
        let names = Set(MetrotimerCLI.commands.map(\.name))
        for line in prose {
            for span in codeSpans(line) {
                if span.hasPrefix("metrotimer ") {
                    texts.append(span)
                } else if line.hasPrefix("|"), let first = span.split(separator: " ").first, names.contains(String(first)) {
                    texts.append("metrotimer " + span)
                }
            }
        }
        var shown: [Shown] = []
        for text in texts {
            // A line may hold several ("metrotimer start | plus | minus"); each begins at "metrotimer ".
            for match in text.matches(of: /(?:^|[\s(])metrotimer\s+([^\s|,;)]+)([^|;]*)/) {
                let words = String(match.2).split(whereSeparator: \.isWhitespace).map(String.init)
                let options = (String(match.1) + " " + String(match.2)).matches(of: /(?:^|[\s\[])(--[a-z][a-z0-9-]*)/)
                    .map { String($0.1) }
                shown.append(Shown(command: String(match.1), subcommand: words.first, options: options,
                                   text: String(match.0).trimmingCharacters(in: .whitespaces)))
            }
        }
        return shown
    }

    /// The words of a help text: what an option must be among to exist.
    static func helpWords(_ help: String) -> Set<String> {
        Set(help.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).map(String.init))
    }

    /// The sub-commands a command's help names on its usage lines (`metrotimer remind add …`).
    static func subcommands(_ help: String, of command: String) -> Set<String> {
        Set(help.matches(of: /metrotimer ([a-z]+) ([a-z]+)/).filter { $0.1 == command }.map { String($0.2) })
    }

    static func help(_ arguments: [String]) throws -> String {
        let result = try DaemonProcess.run(DaemonProcess.cliPath, arguments + ["--lang", "uk"])
        #expect(result.status == 0, "metrotimer \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        return result.stdout
    }

    // MARK: Commands and options

    /// Every command the guide shows exists, with the options it shows, as `metrotimer … --help` states them.
    @Test func everyShownCommandAndOptionExists() throws {
        let shown = Self.shownCommands(try Self.text(Self.guidePath))
        #expect(shown.count >= 40, "only \(shown.count) commands found in \(Self.guidePath): \(shown)")
        let names = Set(MetrotimerCLI.commands.map(\.name))
        let globalHelp = Self.helpWords(try Self.help(["--help"]))
        var helps: [String: String] = [:]
        var problems: [String] = []
        for line in shown {
            if line.command.hasPrefix("--") {
                // `metrotimer --help`, `metrotimer --version`: options of the program itself.
                if !globalHelp.contains(line.command) { problems.append("\(line): metrotimer --help names no \(line.command)") }
                continue
            }
            guard names.contains(line.command) else {
                problems.append("\(line): '\(line.command)' is not a command of metrotimer")
                continue
            }
            if helps[line.command] == nil { helps[line.command] = try Self.help([line.command, "--help"]) }
            let help = helps[line.command] ?? ""
            let words = Self.helpWords(help)
            for option in line.options where !words.contains(option) {
                problems.append("\(line): metrotimer \(line.command) --help has no option \(option)")
            }
            let subcommands = Self.subcommands(help, of: line.command)
            if !subcommands.isEmpty, !subcommands.contains(line.subcommand ?? "") {
                problems.append("\(line): '\(line.subcommand ?? "")' is not one of \(subcommands.sorted()) of \(line.command)")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The two guides cover the same ground: every command, sub-command and option docs/using.md shows is shown
    /// by the Ukrainian guide too.
    @Test func theUkrainianGuideCoversEveryCommandOfTheEnglishOne() throws {
        var helps: [String: String] = [:]
        func ground(_ path: String) throws -> Set<String> {
            var items: Set<String> = []
            for line in Self.shownCommands(try Self.text(path)) {
                if helps[line.command] == nil {
                    helps[line.command] = line.command.hasPrefix("--") ? "" : try Self.help([line.command, "--help"])
                }
                let help = helps[line.command] ?? ""
                let subcommand = line.subcommand.flatMap { Self.subcommands(help, of: line.command).contains($0) ? $0 : nil }
                let name = [line.command, subcommand].compactMap { $0 }.joined(separator: " ")
                items.formUnion([line.command, name])
                for option in line.options { items.insert(name + " " + option) }
            }
            return items
        }
        let english = try ground(Self.englishGuidePath)
        let ukrainian = try ground(Self.guidePath)
        #expect(english.count >= 30, "only \(english.sorted()) found in \(Self.englishGuidePath)")
        #expect(english.subtracting(ukrainian).isEmpty,
                "shown in \(Self.englishGuidePath) but not in \(Self.guidePath): \(english.subtracting(ukrainian).sorted())")
        // The guide names every command the program has, as the English one does.
        let commands = Set(MetrotimerCLI.commands.map(\.name))
        #expect(commands.subtracting(ukrainian).isEmpty, "commands missing from \(Self.guidePath): \(commands.subtracting(ukrainian).sorted())")
    }

    // MARK: The examples, run

    /// One `$ metrotimer …` line of a `console` block and the output shown under it.
    struct Example {
        var command: String
        var expected: [String]
    }

    static func examples(_ markdown: String) -> [Example] {
        var examples: [Example] = []
        for block in split(markdown).blocks where block.info == "console" {
            for line in block.lines {
                if line.hasPrefix("$ ") {
                    examples.append(Example(command: String(line.dropFirst(2)), expected: []))
                } else if !examples.isEmpty {
                    examples[examples.count - 1].expected.append(line)
                }
            }
        }
        return examples.map { example in
            var example = example
            while example.expected.last?.isEmpty == true { example.expected.removeLast() }
            return example
        }
    }

    /// The parts of an example's output that are the moment's or the board's, not the program's words. Few and
    /// named, and the guide says each of them in its own words:
    /// - the instants of a ride or a reminder (a time of day with seconds, a countdown, a date, a UTC offset) —
    ///   they are when the example ran; the output of `plan --at` is compared whole;
    /// - which clock arms the alerts (the line "Сигнали:"), which depends on `CAP_WAKE_ALARM`;
    /// - the lines only a board's situation adds: an unsynchronised wall clock, a ride before the first or after
    ///   the last train — they are left out of the output before it is compared.
    static func comparable(_ lines: [String], ofCommand command: String) -> [String] {
        let boardLines = ["⚠ системний годинник не синхронізовано", "⚠ до першого потяга:", "⚠ після останнього потяга:",
                          "⚠ останній потяг скоро:"]
        if command.contains("--at") { return lines }
        return lines.filter { line in !boardLines.contains(where: { line.hasPrefix($0) }) }.map { line in
            if line.hasPrefix("Сигнали: CLOCK_BOOTTIME") { return "Сигнали: (годинник сигналів)" }
            return line.replacing(/\d{2}:\d{2}:\d{2}/, with: "ГГ:ХХ:СС")
                .replacing(/через \d+:\d{2}/, with: "через ХХ:СС")
                .replacing(/\d{4}-\d{2}-\d{2}/, with: "РРРР-ММ-ДД")
                .replacing(/\([+-]\d{2}:\d{2}\)/, with: "(ЗСУВ)")
        }
    }

    /// A command line of the guide, run as a rider types it (words split at spaces), against `daemon` in Ukrainian,
    /// in `directory` (where `--svg year.svg` writes).
    static func run(_ command: String, daemon: DaemonProcess, in directory: URL) throws -> (status: Int32, output: [String]) {
        let words = command.split(separator: " ").map(String.init)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.cliPath)
        process.arguments = ["--socket", daemon.socketPath, "--lang", "uk"] + words.dropFirst()
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["METROTIMER_SOCKET"] = nil
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var lines = (String(decoding: stdout, as: UTF8.self) + String(decoding: stderr, as: UTF8.self))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return (process.terminationStatus, lines)
    }

    /// Every example of the guide, in the guide's order, against one real daemon on the simulated board: each
    /// command succeeds — or, where the example shows its refusal ("metrotimer route: …"), fails — and prints what
    /// the guide shows, the variable parts of `comparable` aside.
    @Test func theExamplesRunAsWritten() throws {
        let examples = Self.examples(try Self.text(Self.guidePath))
        #expect(examples.count >= 20, "only \(examples.count) examples in \(Self.guidePath)")
        let exercised = Set(examples.map { String($0.command.split(separator: " ").dropFirst().first ?? "") })
        for needed in ["stations", "plan", "route", "press", "status", "plus", "ack", "pin", "unpin", "remind", "suspend",
                       "suspensions", "resume", "stats"] {
            #expect(exercised.contains(needed), "the examples never run metrotimer \(needed)")
        }
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        var problems: [String] = []
        for example in examples {
            // As a rider types it: the locale chooses the language and the default socket is the daemon's.
            guard example.command.hasPrefix("metrotimer "), !example.command.contains("--lang"),
                  !example.command.contains("--socket"), !example.command.contains(where: { "'\"\\".contains($0) }) else {
                problems.append("'\(example.command)': an example is typed as 'metrotimer COMMAND …', without quotes, --lang or --socket")
                continue
            }
            #expect(!example.expected.isEmpty, "'\(example.command)' shows no output")
            let name = example.command.split(separator: " ")[1]
            let refusal = example.expected.first?.hasPrefix("metrotimer \(name): ") == true
            let result = try Self.run(example.command, daemon: daemon, in: daemon.directory)
            if refusal ? result.status == 0 : result.status != 0 {
                problems.append("'\(example.command)' exited \(result.status):\n\(result.output.joined(separator: "\n"))")
            }
            let expected = Self.comparable(example.expected, ofCommand: example.command)
            let actual = Self.comparable(result.output, ofCommand: example.command)
            if expected != actual {
                problems.append("'\(example.command)' printed:\n\(result.output.joined(separator: "\n"))\n"
                                + "--- the guide shows:\n\(example.expected.joined(separator: "\n"))")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
        // `--svg year.svg` wrote its card where the rider stood.
        let card = try String(contentsOf: daemon.directory.appendingPathComponent("year.svg"), encoding: .utf8)
        #expect(card.contains("<svg") && card.contains("рік у метро"), "\(card.prefix(200))")
    }

    // MARK: Links and wording

    /// The README's Ukrainian lines: from their heading to the next heading of the same level.
    static func readmeUkrainianSection() throws -> String {
        let readme = try text("README.md")
        let start = try #require(readme.range(of: "\n## Українською\n"), "README.md has no '## Українською' section")
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : nil) })
    }

    /// The problems of the relative links in `markdown` (a file at `path`): each must name a file of the
    /// repository, and an anchor a heading of that file.
    static func linkProblems(_ markdown: String, at path: String) -> [String] {
        let directory = repository.appendingPathComponent(path).deletingLastPathComponent()
        var problems: [String] = []
        for match in markdown.matches(of: /\]\(([^)#\s]*)(#[^)\s]*)?\)/) {
            let target = String(match.1)
            if target.contains("://") || target.hasPrefix("mailto:") {
                problems.append("\(path): link \(target) points outside the repository")
                continue
            }
            let file = target.isEmpty ? repository.appendingPathComponent(path) : directory.appendingPathComponent(target)
            let resolved = file.standardizedFileURL.path
            guard resolved.hasPrefix(repository.path + "/"), FileManager.default.fileExists(atPath: resolved) else {
                problems.append("\(path): link \(target) names no file of the repository")
                continue
            }
            if let fragment = match.2.map({ String($0.dropFirst()) }) {
                let headings = ((try? String(contentsOfFile: resolved, encoding: .utf8)) ?? "").split(separator: "\n")
                    .filter { $0.hasPrefix("#") }.map { anchor(String($0.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)) }
                if !headings.contains(fragment) { problems.append("\(path): \(target)#\(fragment) names no heading") }
            }
        }
        return problems
    }

    @Test func linksLeadToFilesOfTheRepository() throws {
        let guide = try Self.text(Self.guidePath)
        let section = try Self.readmeUkrainianSection()
        #expect(Self.linkProblems(guide, at: Self.guidePath).isEmpty, "\(Self.linkProblems(guide, at: Self.guidePath))")
        #expect(Self.linkProblems(section, at: "README.md").isEmpty, "\(Self.linkProblems(section, at: "README.md"))")
        // The guide sends the engineer to the English pages, and the three entry points lead to the guide.
        #expect(guide.contains("](../using.md)"), "\(Self.guidePath) does not link to the English guide")
        #expect(guide.matches(of: /\]\(\.\.\/[a-z-]+\.md/).count >= 5, "\(Self.guidePath) links to few English docs")
        #expect(section.contains("](docs/uk/using.md)"), "README's Ukrainian section does not link to \(Self.guidePath)")
        #expect(section.contains("--lang uk"), "README's Ukrainian section does not say how to choose Ukrainian")
        #expect(try Self.text(Self.englishGuidePath).contains("](uk/using.md)"), "\(Self.englishGuidePath) does not point at \(Self.guidePath)")
    }

    /// The guide writes the apostrophe as the programs do (U+02BC, «звʼязатися»), never `'` or `’` inside a word.
    @Test func theApostropheIsTheProgramsOne() throws {
        let guide = try Self.text(Self.guidePath)
        for text in [guide, try Self.readmeUkrainianSection()] {
            let wrong = text.matches(of: /\p{Cyrillic}['’]\p{Cyrillic}/).map { String($0.0) }
            #expect(wrong.isEmpty, "apostrophes other than ʼ (U+02BC): \(wrong)")
        }
        #expect(guide.contains("пʼять"), "\(Self.guidePath) no longer writes «пʼять» with U+02BC")
    }
}
