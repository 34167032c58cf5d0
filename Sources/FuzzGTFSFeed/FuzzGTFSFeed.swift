import FuzzSupport
import MetroGTFS
import MetroModel

/// Fuzz target for the whole import of a GTFS feed (`FeedImport`, as `metrotimer import-gtfs` runs it): the input
/// is a feed's files one after the other, separated by NUL bytes, in the order of `fileNames` (a file beyond the
/// input's parts is absent, an empty part is an empty file). Beyond "no crash, no hang", every input must give a
/// network file whose lines, patterns and segments hang together, or an error naming one of the feed's files.
let fileNames = ["agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt", "calendar.txt",
                 "calendar_dates.txt", "frequencies.txt", "transfers.txt", "feed_info.txt"]

/// The feed as parts of the input: the fuzzing stand-in of a zip's members.
struct FuzzFeed: FeedFileSource {
    let files: [String: [UInt8]]
    func contains(_ fileName: String) -> Bool { files[fileName] != nil }
    func open(_ fileName: String) throws(FeedSourceError) -> IndexingIterator<[UInt8]> { files[fileName]!.makeIterator() }
    func readFailure(of fileName: String) -> FeedSourceError? { nil }
}

func exerciseGTFSFeed(_ bytes: [UInt8]) {
    let parts = bytes.split(separator: 0, maxSplits: fileNames.count - 1, omittingEmptySubsequences: false)
    var files: [String: [UInt8]] = [:]
    for (name, part) in zip(fileNames, parts) { files[name] = Array(part) }
    // Every route type is kept, so inputs reach the trips whatever type they give.
    let options = ImportOptions(routeTypes: Set(0...1799))
    do throws(FeedError) {
        let result = try FeedImport.run(source: FuzzFeed(files: files), options: options,
                                        imported: ServiceDate(year: 2026, month: 1, day: 1),
                                        limits: CSVLimits(maximumFieldBytes: 256, maximumRowBytes: 4096))
        let stations = Set(result.file.stations.map(\.id))
        for line in result.file.lines {
            for pattern in line.patterns where pattern.stations.count < 2 || !pattern.stations.allSatisfy(stations.contains) {
                fatalError("pattern \(pattern.id) of \(line.id) is not a ride between known stations: \(pattern.stations)")
            }
        }
        for segment in result.file.segments where !stations.contains(segment.from) || !stations.contains(segment.to) {
            fatalError("segment \(segment.from) → \(segment.to) between unknown stations")
        }
        guard result.summary.tripsUsed <= result.summary.tripsRead else { fatalError("more trips used than read") }
    } catch {
        guard fileNames.contains(error.fileName) else { fatalError("error naming no file of the feed: \(error)") }
        if let line = error.line, line < 1 { fatalError("error on line \(line): \(error)") }
        guard error.phrase.en.hasPrefix(error.fileName) else { fatalError("error without its file: \(error.phrase)") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exerciseGTFSFeed(FuzzInput.bytes(data, size))
    return 0
}

@main
struct GTFSFeedFuzzer {
    static func main() { FuzzMain.run(body: exerciseGTFSFeed, testOneInput: fuzzerTestOneInput) }
}
