#if FUZZING
internal import CFuzzerDriver
#endif
import Glibc

/// The `main` of every fuzz target. SwiftPM links an executable's `main` to the target's own entry, so libFuzzer's
/// `main` is never used: in a `-D FUZZING` build (`make fuzz`, linked with `-sanitize=fuzzer`) this starts
/// libFuzzer's driver with the command line and `testOneInput`; in a plain build it replays the files named on the
/// command line through `body` (see `FuzzReplay`).
public enum FuzzMain {
    public static func run(body: ([UInt8]) -> Void,
                           testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        FuzzReplay.run(body)
        #endif
    }
}
