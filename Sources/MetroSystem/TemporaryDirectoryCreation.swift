import Glibc

extension Files {
    /// Creates a new directory, mode 0700, named `prefix` followed by six random characters (`mkdtemp(3)`), and
    /// returns its path.
    ///
    /// The path is read back from the template `mkdtemp` filled in, never from the pointer it returns: that
    /// pointer points into the template's buffer, which is only valid inside the call that lent it. Reading it
    /// afterwards worked by chance on x86_64 and crashed an arm64 build ("initialize overlapping range").
    public static func makeTemporaryDirectory(prefix: String) throws(SystemError) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard made else { throw SystemError.current("create a temporary directory \(prefix)XXXXXX") }
        return path(ofFilledTemplate: template)
    }

    /// The path a `mkstemp`/`mkdtemp` template names once the call has replaced its `XXXXXX` (the template
    /// without its terminating NUL).
    static func path(ofFilledTemplate template: [CChar]) -> String {
        String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
