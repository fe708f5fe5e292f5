import Glibc
import Localization

/// Changes a file as a whole under a lock: readers see the old file or the new one, never half
/// of it, and two processes that change it at once both have their change kept, because each
/// reads the file again once it holds the lock. A symlink is followed (the file it names is
/// replaced and the link stays), the file's mode is kept, and a file without write permission
/// is left alone.
package enum AtomicFile {
    /// Reads the file ("" when there is none), hands its text to `change`, and writes what
    /// `change` returns when that differs; all under an exclusive lock on its folder. A file
    /// made anew gets `newFileMode`, or what the umask leaves of 0666.
    package static func update(
        _ path: String, newFileMode: mode_t? = nil,
        _ change: (String) throws(SettingsError) -> String
    ) throws(SettingsError) {
        let target = resolved(path)
        let directory = target.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        try makeDirectory(directory.isEmpty ? "." : directory, for: path)
        // The lock is on the folder, whose inode the rename leaves as it is (a lock on the file
        // would be on the replaced one), and it leaves no file behind.
        let lock = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        }
        let current = try ConfigFile.text(at: target)
        let changed = try change(current)
        guard changed != current else { return }
        try replace(target, with: changed, reportedAs: path, newFileMode: newFileMode)
    }

    /// The file a path names: a symlink's target, resolved as far as it exists.
    package static func resolved(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        // A link to a file not made yet: its target, relative to the link's folder.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return path }
        let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/" + target
    }

    private static func makeDirectory(_ directory: String, for path: String) throws(SettingsError) {
        var parts: [Substring] = []
        for part in directory.split(separator: "/", omittingEmptySubsequences: false) {
            parts.append(part)
            let prefix = parts.joined(separator: "/")
            guard !prefix.isEmpty else { continue }
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw .unwritable(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Writes `text` to a temporary file beside `target` with `target`'s mode, and renames it
    /// onto `target`.
    private static func replace(
        _ target: String, with text: String, reportedAs path: String, newFileMode: mode_t?
    ) throws(SettingsError) {
        var mode: mode_t = 0o644
        var info = stat()
        if stat(target, &info) == 0 {
            mode = info.st_mode & 0o7777
            // Root may write anything; a file whose owner took away every write bit is kept
            // as it is, for root too.
            guard mode & 0o222 != 0 else {
                throw .unwritable(
                    path: path, reason: localized("the file is read-only", de: "die Datei ist schreibgeschützt"))
            }
        } else if let newFileMode {
            mode = newFileMode
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        let temporary = target + ".\(getpid()).partial"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        // The mode asked of open() is narrowed by the umask: set it as it was.
        fchmod(descriptor, mode)
        let written = StandardStream.write(text, to: descriptor)
        let code = errno
        let synced = written && fsync(descriptor) == 0
        let syncCode = errno
        close(descriptor)
        guard synced else {
            unlink(temporary)
            throw .unwritable(path: path, reason: String(cString: strerror(written ? syncCode : code)))
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .unwritable(path: path, reason: reason)
        }
    }
}
