import Foundation
import MetroModel
import Testing
@testable import MetroCLI

/// Command lines run side by side in one process, as the in-process tests (and any embedding) run them: each run
/// loads its own network data and shares nothing mutable with the others. The old CLI kept the station names in a
/// process-wide variable that every run filled lazily; two first runs at once crashed the test process in a
/// reference count. Under `make test-tsan` the same runs are watched by ThreadSanitizer.
@Suite struct ConcurrentRunsTests {
    /// What each command prints when run alone, the reference the concurrent runs must match.
    static let commands: [[String]] = [
        ["stations", "--ids"],
        ["stations", "palats", "--lang", "en"],
        ["--lang", "uk", "stations", "лук'янівська"],
        ["plan", "lisova", "teremky", "--at", "2026-08-17T08:00:00", "--socket", "/nonexistent/metrotimer.sock", "--lang", "en"],
        ["plan", "akademmistechko", "chervonyi-khutir", "--at", "2026-08-17T12:00:00", "--socket", "/nonexistent/metrotimer.sock", "--lang", "uk"],
        ["--version"],
        ["status", "--socket", "/nonexistent/metrotimer.sock", "--lang", "en"],
    ]

    /// The answers of one round, gathered from its threads. An NSLock (a pthread mutex) rather than a `Mutex`:
    /// ThreadSanitizer sees a pthread mutex order the threads, but not Synchronization's futex-based `Mutex`, and
    /// would report the appends as racing.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [(command: Int, code: Int32, out: String, err: String)] = []
        func append(_ answer: (command: Int, code: Int32, out: String, err: String)) {
            lock.lock(); defer { lock.unlock() }
            answers.append(answer)
        }
        var all: [(command: Int, code: Int32, out: String, err: String)] {
            lock.lock(); defer { lock.unlock() }
            return answers
        }
    }

    @Test func manyRunsAtOnceAnswerAsOneRunAlone() {
        // 4 rounds of 48 threads (more than there are cores, so the scheduler interleaves them anywhere), each held
        // at a gate until all are ready and then let go at once. The first round is the first use of the CLI in
        // this test: nothing is run alone before it, so a lazily filled shared variable would be filled by all at
        // once (the reference answers are taken afterwards).
        var rounds: [[(command: Int, code: Int32, out: String, err: String)]] = []
        for round in 0..<4 {
            let runs = 48
            let gate = DispatchSemaphore(value: 0)
            let ready = DispatchGroup()
            let finished = DispatchGroup()
            let answers = Answers()
            for index in 0..<runs {
                ready.enter()
                finished.enter()
                let thread = Thread {
                    ready.leave()
                    gate.wait()
                    let command = (index + round) % Self.commands.count
                    let r = run(Self.commands[command])
                    answers.append((command, r.code, r.out, r.err))
                    finished.leave()
                }
                thread.start()
            }
            ready.wait()
            for _ in 0..<runs { gate.signal() }
            finished.wait()
            rounds.append(answers.all)
        }
        let alone = Self.commands.map { run($0) }
        for all in rounds {
            #expect(all.count == 48)
            for result in all {
                let expected = alone[result.command]
                #expect(result.code == expected.code && result.out == expected.out && result.err == expected.err,
                        "metrotimer \(Self.commands[result.command].joined(separator: " ")) answered differently beside others")
            }
        }
    }
}
