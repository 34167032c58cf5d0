import FuzzSupport
import MetroModel

/// Fuzz target for the network data loaders: the input is a whole network data file, decoded and validated by
/// `Network.load(json:)` as start-up, `--check-config` and `metrotimer plan --data` do, and by
/// `GeneralNetwork.load(json:)` as `plan`, `stations` and `networks` do for an imported network; a schema 2 file
/// that loads is planned on, from its first station to its last, so what validation lets through cannot trap
/// the planner or the schedule.
func exerciseNetworkData(_ bytes: [UInt8]) {
    _ = try? Network.load(json: bytes)
    guard let network = try? GeneralNetwork.load(json: bytes),
          let first = network.file.stations.first, let last = network.file.stations.last else { return }
    let t0: Int64 = 1_786_960_800  // 2026-08-17 08:00 UTC
    _ = try? network.plan(from: StationID(first.id), to: StationID(last.id), t0: Instant(seconds: t0),
                          wall: .unixTimeline, service: ZonedServiceTime(unixSeconds: t0, rules: .utc))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exerciseNetworkData(FuzzInput.bytes(data, size))
    return 0
}

@main
struct NetworkDataFuzzer {
    static func main() { FuzzMain.run(body: exerciseNetworkData, testOneInput: fuzzerTestOneInput) }
}
