import Foundation
import Localization

/// A folder inside the shared folder, opened one name at a time without following a link:
/// Syncthing carries symbolic links, and any device that writes into the folder may plant one
/// where meditate writes (`history/<id>/2026-12.jsonl` → `~/.bashrc`). The shared folder itself
/// (`history-folder`) is the person's own choice and may be a link; nothing below it is
/// followed. Each file is opened relative to its folder's descriptor, so a link swapped in
/// between a look and an open is not followed either.
public final class SharedSubfolder {
    /// The folder's descriptor, open for `openat` and `renameat`.
    let descriptor: Int32
    /// Its path, for the lines that name it.
    public let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// `root/parts[0]/parts[1]…`, each part a folder and none a link; those missing made when
    /// `making` (and the root, as `mkdir -p` would). Nil when one is missing and not `making`.
    public static func open(root: String, _ parts: [String], making: Bool) throws(ShelfError) -> SharedSubfolder? {
        if making, let reason = Folders.make(root) { throw ShelfError(path: root, reason: reason) }
        let top = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else {
            if errno == ENOENT && !making { return nil }
            throw failure(root)
        }
        var folder = SharedSubfolder(descriptor: top, path: root)
        for part in parts {
            let path = folder.path + "/" + part
            guard !part.isEmpty, part != ".", part != "..", !part.contains("/") else {
                throw ShelfError(path: path, reason: "not a name for a folder")
            }
            if making && mkdirat(folder.descriptor, part, 0o755) != 0 && errno != EEXIST { throw failure(path) }
            let next = openat(folder.descriptor, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                if errno == ENOENT && !making { return nil }
                throw failure(path, at: folder.descriptor, part)
            }
            folder = SharedSubfolder(descriptor: next, path: path)
        }
        return folder
    }

    /// Opens `name` here to append to (made when missing), read as well: never a link.
    public func openForAppending(_ name: String) throws(ShelfError) -> Int32 {
        let file = openat(descriptor, name, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw Self.failure(path + "/" + name, at: descriptor, name) }
        return try Self.regular(file, path + "/" + name)
    }

    /// A new hidden draft beside `name` (`.NAME.<random>.tmp`), made here and only here: an
    /// entry already of that name (a link, a planted file) is never opened, another name is
    /// tried. Its descriptor and its name, for `publish`.
    public func draft(for name: String) throws(ShelfError) -> (file: Int32, name: String) {
        for _ in 0..<16 {
            let draft = ".\(name).\(UInt64.random(in: 0...UInt64.max) & 0xffff_ffff_ffff).tmp"
            let file = openat(descriptor, draft, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if file >= 0 { return (file, draft) }
            guard errno == EEXIST else { throw Self.failure(path + "/" + name) }
        }
        throw ShelfError(path: path + "/" + name, reason: String(cString: strerror(EEXIST)))
    }

    /// Renames the draft `from` to `to` here: a link of the name `to` is replaced, never followed.
    public func publish(_ from: String, as to: String) throws(ShelfError) {
        guard renameat(descriptor, from, descriptor, to) == 0 else {
            let failure = Self.failure(path + "/" + to)
            unlinkat(descriptor, from, 0)
            throw failure
        }
    }

    /// Takes away a draft that will not be published.
    public func discard(_ name: String) {
        unlinkat(descriptor, name, 0)
    }

    /// Opens `name` here to read, when it is a regular file (not a link, a FIFO, a device); nil
    /// otherwise, or when it is not there.
    public func openForReading(_ name: String) -> Int32? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return nil }
        guard (try? Self.regular(file, name)) != nil else { return nil }
        return file
    }

    /// The bytes of the regular file `name` here (no link followed), when it holds at most
    /// `limit` of them; nil otherwise, or when it is not there.
    public func contents(of name: String, atMost limit: Int) -> [UInt8]? {
        guard let file = openForReading(name) else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_size >= 0, info.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                pread(file, $0.baseAddress.map { $0 + done }, $0.count - done, off_t(done))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        return Array(bytes[0..<done])
    }

    /// The names here that are not hidden and are folders (`folders`) or regular files, never
    /// links: what a reader of the shared folder looks at. Sorted.
    public func names(folders: Bool) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if info.st_mode & S_IFMT == (folders ? S_IFDIR : S_IFREG) { names.append(name) }
        }
        return names.sorted()
    }

    /// `file` when it is a regular file; closed, and why not, otherwise.
    private static func regular(_ file: Int32, _ path: String) throws(ShelfError) -> Int32 {
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(file)
            throw ShelfError(path: path, reason: "not a regular file")
        }
        return file
    }

    /// The error of the call that failed: a link met where a name was opened without following
    /// says so (the C library's ELOOP says "too many levels", and a folder's ENOTDIR less).
    private static func failure(_ path: String, at folder: Int32? = nil, _ name: String? = nil) -> ShelfError {
        let code = errno
        if let folder, let name, code == ELOOP || code == ENOTDIR {
            var info = stat()
            if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
                return ShelfError(path: path, reason: SystemReason.linkNotFollowed)
            }
        }
        return ShelfError(path: path, reason: String(cString: strerror(code)))
    }
}
