import FoundationEssentials
import FuzzSupport
import Glibc
import MetroDaemon
import MetroEngine
import MetroSQLite
import MetroSystem
import Synchronization

/// Fuzz target for the stored-trip decoder: the input is the `trip_json` column of `state.db`'s `active_trip` row,
/// read back by the real `SQLiteStore.load` as at start-up. The bytes are stored as they are (a damaged or
/// hand-edited file can hold anything there), through a second connection that does not sync — the store's own
/// writes sync every commit, which would cost a disk flush per input. A trip that loads must load again the same
/// after it is written back as the store writes it (JSON of the trip).
final class StoredTripBench {
    let directory: String
    let store: SQLiteStore
    private let writer: SQLiteDatabase
    private let upsert: SQLiteStatement

    init() throws {
        let temporary = ProcessEnvironment.current()["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        directory = try Files.makeTemporaryDirectory(prefix: "\(temporary)/metrotimer-fuzz-store-")
        // Log lines (an unreadable trip is logged) are not what is under test: they are dropped.
        store = try SQLiteStore(directory: directory, log: Logger(sink: DiscardingSink()), bootID: "fuzz-boot")
        writer = try SQLiteDatabase(path: store.path, create: false)
        try writer.setBusyTimeout(milliseconds: 2000)
        try writer.execute("PRAGMA synchronous = OFF")
        upsert = try writer.prepare(
            "INSERT INTO active_trip (id, trip_json, boot_id, saved_unix_ms) VALUES (1, ?1, 'fuzz-boot', 0) "
                + "ON CONFLICT(id) DO UPDATE SET trip_json = ?1")
    }

    /// Removes the store's files and its directory (at exit; a crash leaves them for a look).
    func remove() {
        for name in ["state.db", "state.db-wal", "state.db-shm"] { _ = unlink(directory + "/" + name) }
        _ = rmdir(directory)
    }

    /// Stores `bytes` as the trip column and loads the store.
    func load(storing bytes: SQLiteValue) -> ActiveTrip? {
        do {
            try upsert.bind(bytes, at: 1)
            _ = try upsert.step()
            try upsert.reset()
            return try store.load().active
        } catch {
            // The store's own SQL failing is not an input the decoder handled: stop with it.
            fatalError("state.db in \(directory) refused a write or a read: \(error)")
        }
    }
}

/// The one store of the process. libFuzzer runs inputs one at a time on one thread, yet the store sits behind a
/// lock all the same, so that the compiler checks every use of it rather than being told not to.
let bench: Mutex<StoredTripBench> = {
    do {
        let made = try StoredTripBench()
        atexit { bench.withLock { $0.remove() } }
        return Mutex(made)
    } catch {
        fatalError("cannot set up the fuzz store: \(error)")
    }
}()

func exerciseStoredTrip(_ bytes: [UInt8]) {
    bench.withLock { bench in
        guard let trip = bench.load(storing: .blob(bytes)) else { return }
        guard let json = try? JSONEncoder().encode(trip),
              let again = bench.load(storing: .text(String(decoding: json, as: UTF8.self))), again == trip else {
            fatalError("a stored trip that loads does not load the same after it is saved again")
        }
    }
}

/// A log sink that drops every line.
struct DiscardingSink: LogSink {
    func write(line: String) {}
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exerciseStoredTrip(FuzzInput.bytes(data, size))
    return 0
}

@main
struct StoredTripFuzzer {
    static func main() { FuzzMain.run(body: exerciseStoredTrip, testOneInput: fuzzerTestOneInput) }
}
