import Glibc

/// Runs a fuzz target's body over files named on the command line, without libFuzzer: the same program built
/// plainly (as `swift build` does) replays a corpus or a reproducer under the debugger or in a unit test.
public enum FuzzReplay {
    /// Feeds each named file to `body`; exit 64 when no file is named, 66 when one cannot be read.
    public static func run(_ body: ([UInt8]) -> Void) -> Never {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            writeError("usage: \(CommandLine.arguments[0]) FILE...  (replays each input once)\n")
            exit(64)
        }
        for path in paths {
            guard let bytes = readWholeFile(path) else {
                writeError("\(path): cannot read\n")
                exit(66)
            }
            body(bytes)
        }
        print("replayed \(paths.count) input(s)")
        exit(0)
    }

    private static func readWholeFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return ferror(file) == 0 ? bytes : nil
    }

    private static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
