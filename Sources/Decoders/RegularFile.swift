import Glibc

/// What a path names, checked before any of its bytes are read: a FIFO blocks a read for ever,
/// and a character device such as /dev/zero or /dev/urandom never ends, so only regular files
/// are decoded, hashed or imported.
public enum RegularFile {
    /// Why a folder cannot be read as a sound, as `unreadable` gives it (and German puts it).
    public static let directoryReason = "it is a directory"

    /// Throws unless `path` (after following symlinks) is a regular file.
    public static func check(_ path: String) throws(DecoderError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        switch kind(of: info.st_mode) {
        case nil: return
        case .directory?: throw .unreadable(path: path, reason: directoryReason)
        case let kind?: throw .notRegularFile(path: path, kind: kind)
        }
    }

    /// The kind of a non-regular file in words, nil for a regular file.
    public static func kind(of mode: mode_t) -> DecoderError.FileKind? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .directory
        case S_IFIFO: .fifo
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFSOCK: .socket
        default: .other
        }
    }
}
