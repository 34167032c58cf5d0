import FuzzSupport
import MetroDaemon

/// Fuzz target for the configuration parser: the input is the bytes of one `metrotimer.conf`. Like
/// `ConfigLoader`, bytes that are not UTF-8 are refused before parsing; the rest go through
/// `ConfigFileParser.parse`, `DaemonConfig.from` and `validate` — every check `--check-config` makes that does
/// not look at the machine.
func exerciseConfig(_ bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    guard let assignments = try? ConfigFileParser.parse(text, file: "fuzz.conf"),
          let config = try? DaemonConfig.from(assignments) else { return }
    _ = try? config.validate()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exerciseConfig(FuzzInput.bytes(data, size))
    return 0
}

@main
struct ConfigFuzzer {
    static func main() { FuzzMain.run(body: exerciseConfig, testOneInput: fuzzerTestOneInput) }
}
