import FoundationEssentials
import FuzzSupport
import MetroEngine

/// Fuzz target for the stored-trip decoder: the input is the `trip_json` column of `state.db`'s `active_trip`
/// row, decoded into an `ActiveTrip` as `SQLiteStore.load` decodes it at start-up. A trip that decodes must
/// encode again (the store re-saves it at the next mutation) and decode to the same trip.
func exerciseStoredTrip(_ bytes: [UInt8]) {
    guard let trip = try? JSONDecoder().decode(ActiveTrip.self, from: Data(bytes)) else { return }
    guard let encoded = try? JSONEncoder().encode(trip),
          let again = try? JSONDecoder().decode(ActiveTrip.self, from: encoded), again == trip else {
        fatalError("a stored trip that decodes does not read back the same after saving")
    }
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
