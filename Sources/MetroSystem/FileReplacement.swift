import Glibc

extension Files {
    /// Replaces the file at `path` with `bytes` all at once: they are written to a new file beside it, flushed to
    /// disk, and renamed over it. Whatever fails — no room, a file size limit (`ulimit -f`: the write fails with
    /// `EFBIG`, `SIGXFSZ` being ignored while it runs), an unwritable directory, a directory in the way — `path`
    /// keeps what it held (or stays absent), and no temporary file is left behind. A symbolic link at `path` keeps
    /// pointing where it did: the file it names is replaced.
    ///
    /// A new file gets `mode` less the process's umask, as `open(O_CREAT)` would give it.
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(SystemError) {
        let target = resolvedLink(path) ?? path
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SystemError.current("create a file beside \(path)") }
        let temporary = Files.path(ofFilledTemplate: template)
        let file = FileDescriptor(owning: fd)
        try? file.setCloseOnExec()
        // Beyond RLIMIT_FSIZE the kernel sends SIGXFSZ, which would end the process with the card half written;
        // ignored, the write fails with EFBIG instead and the failure is reported.
        let previous = signal(SIGXFSZ, SIG_IGN)
        defer { signal(SIGXFSZ, previous) }
        do {
            let mask = umask(0)
            umask(mask)
            if fchmod(fd, mode & ~mask) != 0 { throw SystemError.current("chmod \(temporary)") }
            do { try file.writeAll(bytes) } catch let error as SystemError {
                throw SystemError("write \(path)", errno: error.errno)
            } catch {
                throw SystemError("write \(path)", errno: Errno(rawValue: EIO))
            }
            if fsync(fd) != 0 { throw SystemError.current("write \(path)") }
            do { try file.close() } catch let error as SystemError { throw SystemError("write \(path)", errno: error.errno) }
            if rename(temporary, target) != 0 { throw SystemError.current("replace \(path)") }
        } catch let error as SystemError {
            unlink(temporary)
            throw error
        } catch {
            unlink(temporary)
            throw SystemError("write \(path)", errno: Errno(rawValue: EIO))
        }
    }

    /// Where the symbolic link at `path` leads (made absolute through its directory), or nil when `path` is not a
    /// link.
    private static func resolvedLink(_ path: String) -> String? {
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
