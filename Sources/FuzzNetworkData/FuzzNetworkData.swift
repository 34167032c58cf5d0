import FuzzSupport
import MetroModel

/// Fuzz target for the network data loader: the input is a whole network data file, decoded and validated by
/// `Network.load(json:)` as start-up, `--check-config` and `metrotimer plan --data` do.
func exerciseNetworkData(_ bytes: [UInt8]) {
    _ = try? Network.load(json: bytes)
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
