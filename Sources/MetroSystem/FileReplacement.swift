import Glibc

extension Files {
    /// Replaces the file at `path` with `bytes` all at once (a `Replacement` written in one piece).
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(SystemError) {
        let replacement = try Replacement(path, mode: mode)
        try replacement.append(bytes)
        try replacement.commit()
    }

    /// A file replaced by pieces written in turn, so a large one never has to be held in memory whole: they go to
    /// a new file beside it, which `commit` flushes to disk and renames over it. Whatever fails — no room, a file
    /// size limit (`ulimit -f`: the write fails with `EFBIG`, `SIGXFSZ` being ignored while it writes), an
    /// unwritable directory, a directory in the way — or if it is never committed, `path` keeps what it held (or
    /// stays absent), and no temporary file is left behind (but for a process killed while writing: its hidden
    /// `.NAME.XXXXXX` stays beside `path`, never in its place). A symbolic link at `path` keeps pointing where it did:
    /// the file it names is replaced.
    ///
    /// A new file gets `mode` less the process's umask, as `open(O_CREAT)` would give it.
    public final class Replacement {
        private let path: String
        private let target: String
        private let temporary: String
        private var file: FileDescriptor?

        public init(_ path: String, mode: mode_t = 0o644) throws(SystemError) {
            self.path = path
            let target = Files.resolvedLink(path) ?? path
            self.target = target
            let slash = target.lastIndex(of: "/")
            let directory = slash.map { String(target[..<$0]) } ?? "."
            let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
            var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw SystemError.current("create a file beside \(path)") }
            let temporary = Files.path(ofFilledTemplate: template)
            self.temporary = temporary
            let file = FileDescriptor(owning: fd)
            self.file = file
            try? file.setCloseOnExec()
            let mask = umask(0)
            umask(mask)
            if fchmod(fd, mode & ~mask) != 0 {
                let error = SystemError.current("chmod \(temporary)")
                abandon()
                throw error
            }
        }

        deinit { abandon() }

        /// Writes the next piece. On a failure the replacement is abandoned.
        public func append(_ bytes: [UInt8]) throws(SystemError) {
            guard let file else { throw SystemError("write \(path)", errno: Errno(rawValue: EBADF)) }
            // Beyond RLIMIT_FSIZE the kernel sends SIGXFSZ, which would end the process with the file half written;
            // ignored, the write fails with EFBIG instead and the failure is reported.
            let previous = signal(SIGXFSZ, SIG_IGN)
            defer { signal(SIGXFSZ, previous) }
            do { try file.writeAll(bytes) } catch {
                let errno = (error as? SystemError)?.errno ?? Errno(rawValue: EIO)
                abandon()
                throw SystemError("write \(path)", errno: errno)
            }
        }

        /// Flushes what was written to disk and renames it over `path`. On a failure the replacement is abandoned.
        public func commit() throws(SystemError) {
            guard let file else { throw SystemError("write \(path)", errno: Errno(rawValue: EBADF)) }
            if fsync(file.rawValue) != 0 {
                let error = SystemError.current("write \(path)")
                abandon()
                throw error
            }
            self.file = nil
            do { try file.close() } catch {
                unlink(temporary)
                throw SystemError("write \(path)", errno: (error as? SystemError)?.errno ?? Errno(rawValue: EIO))
            }
            if rename(temporary, target) != 0 {
                let error = SystemError.current("replace \(path)")
                unlink(temporary)
                throw error
            }
        }

        /// Drops what was written: `path` keeps what it held. Nothing once committed.
        public func abandon() {
            guard let file else { return }
            self.file = nil
            try? file.close()
            unlink(temporary)
        }
    }

    /// Where the symbolic link at `path` leads (made absolute through its directory), or nil when `path` is not a
    /// link.
    fileprivate static func resolvedLink(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if destination.hasPrefix("/") { return destination }
        guard let slash = path.lastIndex(of: "/") else { return destination }
        return String(path[...slash]) + destination
    }
}
