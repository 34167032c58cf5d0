import FuzzSupport
import MetroControl
import MetroSystem

/// Fuzz target for the control-request decoder: the input is what a client writes to the control socket. It is
/// split into lines exactly as `ControlServer` splits it (`LineBuffer` with the 4096-byte cap; a final newline
/// is added so the last line is decoded too), and each line goes through the server's checks and
/// `ControlRequest.parseEnvelope`. A request that decodes must survive the trip the command line makes:
/// encoded again it decodes to the same request.
func exerciseControlRequest(_ bytes: [UInt8]) {
    var buffer = LineBuffer(maximumLineLength: ControlRequest.maximumLineLength)
    for item in buffer.append(bytes + [UInt8(ascii: "\n")]) {
        guard case .line(let raw) = item, let text = String(validating: raw, as: UTF8.self) else { continue }
        guard let envelope = try? ControlRequest.parseEnvelope(text) else { continue }
        let again = envelope.request.line(language: envelope.language)
        guard let reparsed = try? ControlRequest.parseEnvelope(again), reparsed == envelope else {
            fatalError("request \(text.debugDescription) re-encodes as \(again.debugDescription), which decodes differently")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exerciseControlRequest(FuzzInput.bytes(data, size))
    return 0
}

@main
struct ControlRequestFuzzer {
    static func main() { FuzzMain.run(body: exerciseControlRequest, testOneInput: fuzzerTestOneInput) }
}
