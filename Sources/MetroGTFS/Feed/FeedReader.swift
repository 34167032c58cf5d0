import MetroModel

/// Reads a feed's files through a `FeedFileSource`: the small files whole (`readTables`), then
/// `stop_times.txt` as a stream of whole trips (`forEachTrip`). Every refusal is a `FeedError` naming the file,
/// line and field.
public struct FeedReader<Source: FeedFileSource> {
    public let source: Source
    public let limits: CSVLimits

    public init(source: Source, limits: CSVLimits = .standard) {
        self.source = source
        self.limits = limits
    }

    /// Calls `body` with each data row of `fileName`, after checking its header has `required` columns.
    /// A file that is not there is an error when `mustExist`, else nothing is called.
    func eachRow(_ fileName: String, mustExist: Bool, required: [String],
                 _ body: (FeedFields) throws(FeedError) -> Void) throws(FeedError) {
        guard source.contains(fileName) else {
            if mustExist { throw FeedError(fileName: fileName, problem: .missingFile) }
            return
        }
        let bytes: Source.Bytes
        do { bytes = try source.open(fileName) } catch {
            throw FeedError(fileName: fileName, problem: .unreadable(error.reason))
        }
        var reader: CSVReader<IteratorSequence<Source.Bytes>>
        do { reader = try CSVReader(fileName: fileName, bytes: IteratorSequence(bytes), limits: limits) } catch {
            throw located(error)
        }
        for column in required where !reader.header.contains(column) {
            throw FeedError(fileName: fileName, line: 1, problem: .missingColumn(column))
        }
        while true {
            let row: CSVRow?
            do { row = try reader.next() } catch { throw located(error) }
            guard let row else { break }
            do { try body(FeedFields(row: row, fileName: fileName)) } catch {
                // A row cut short by a read error is refused for what it lacks; the read error is the true one.
                if let failure = source.readFailure(of: fileName) { throw FeedError(fileName: fileName, problem: .unreadable(failure.reason)) }
                throw error
            }
        }
        if let failure = source.readFailure(of: fileName) {
            throw FeedError(fileName: fileName, problem: .unreadable(failure.reason))
        }
    }

    /// A CSV error as the feed's error; but a stream cut short by a read error looks like broken CSV where it
    /// was cut, so the source's own error, when it has one, is the true one.
    private func located(_ error: CSVReadError) -> FeedError {
        if let failure = source.readFailure(of: error.fileName) {
            return FeedError(fileName: error.fileName, problem: .unreadable(failure.reason))
        }
        return FeedError(error)
    }
}
