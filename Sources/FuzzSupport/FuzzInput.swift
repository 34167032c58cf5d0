/// The one place a fuzz target touches libFuzzer's raw pointer: each target's `LLVMFuzzerTestOneInput` hands
/// its `(data, size)` here and gets a plain byte array to feed the real decoder.
public enum FuzzInput {
    /// Copies libFuzzer's input (which may be empty, with a null pointer) into an array.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
