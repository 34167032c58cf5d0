import Synchronization
import Testing
@testable import MetroSystem

/// Keeps every line written, for assertions.
final class RecordingSink: LogSink {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func write(line: String) { storage.withLock { $0.append(line) } }
}

@Suite struct LoggerTests {
    @Test func prefixesFollowJournaldPriorities() {
        let sink = RecordingSink()
        let logger = Logger(sink: sink, verbose: true)
        logger.error("motor stuck")
        logger.warning("clock not synchronised")
        logger.notice("trip started")
        logger.info("alert armed")
        logger.debug("epoll woke")
        #expect(sink.lines == [
            "<3>motor stuck\n", "<4>clock not synchronised\n", "<5>trip started\n", "<6>alert armed\n", "<7>epoll woke\n",
        ])
    }

    @Test func debugOnlyWhenVerboseAndOneLinePerEvent() {
        let sink = RecordingSink()
        let logger = Logger(sink: sink)
        logger.debug("hidden")
        logger.info("two\nlines")
        #expect(sink.lines == ["<6>two lines\n"])
    }
}
