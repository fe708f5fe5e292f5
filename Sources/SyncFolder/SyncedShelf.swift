import Foundation

/// Small things any device may change (a preset by its name, a schedule by its UUID), in the
/// folder a file sync carries: `<folder>/<kind>/<device-id>/<key>.json`, one file for each
/// thing a device has an opinion on. A device writes into its own folder only, so no file is
/// ever written by two and a sync engine never has a conflict to keep a copy of; of the
/// versions of a key, the one changed last wins, a removal being a version too.
public struct SyncedShelf<Value: Codable & Sendable & Equatable>: Sendable {
    /// `<folder>/<kind>`.
    public let root: String

    public init(folder: String, kind: String) {
        root = folder + "/" + kind
    }

    /// A version's file is small; a larger one is no version of ours and is not read.
    static var largestFile: Int { 1 << 20 }

    /// Whether `key` can name a file on the shelf: not empty, no '/', not hidden, not too long.
    public static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= 200 && !key.hasPrefix(".") && !key.contains("/")
    }

    /// The winning version of every key, removals included. A file that is not whole JSON of
    /// this shape (a sync in flight, a newer version's), or that names another device or key
    /// than where it lies, is passed over.
    public func read() -> [String: SyncedVersion<Value>] {
        var winners: [String: SyncedVersion<Value>] = [:]
        let decoder = JSONDecoder()
        for device in Self.names(in: root) {
            for name in Self.names(in: root + "/" + device) where name.hasSuffix(".json") {
                guard let version = version(device: device, file: name, decoder) else { continue }
                if let known = winners[version.key], !version.wins(over: known) { continue }
                winners[version.key] = version
            }
        }
        return winners
    }

    /// The winning version of `key` alone: each device's file of it, no other file read.
    func latest(of key: String) -> SyncedVersion<Value>? {
        let decoder = JSONDecoder()
        return Self.names(in: root).compactMap { version(device: $0, file: key + ".json", decoder) }
            .reduce(nil) { best, version in best.map { version.wins(over: $0) ? version : $0 } ?? version }
    }

    /// The version in `device`'s folder's `file`, when it is whole JSON of this shape and names
    /// the device and key where it lies.
    private func version(device: String, file: String, _ decoder: JSONDecoder) -> SyncedVersion<Value>? {
        guard let data = Self.contents(of: root + "/" + device + "/" + file),
            let version = try? decoder.decode(SyncedVersion<Value>.self, from: data),
            version.device == device, version.key + ".json" == file, Self.isValidKey(version.key),
            version.changed.isFinite, (0...1e11).contains(version.changed)
        else { return nil }
        return version
    }

    /// The things there are now: every key whose winning version is not a removal.
    public func values() -> [String: Value] {
        read().compactMapValues(\.value)
    }

    /// Writes this device's version of `key` (nil: removed), whole or not at all. Its change
    /// time is after that of every version read, so it wins here even on a device whose clock
    /// is behind another's.
    @discardableResult
    public func write(
        key: String, value: Value?, device: String, host: String, now: Double = Date().timeIntervalSince1970
    ) throws(ShelfError) -> SyncedVersion<Value> {
        let folder = root + "/" + device
        let path = folder + "/" + key + ".json"
        guard Self.isValidKey(key) else { throw ShelfError(path: path, reason: "not a name for a file") }
        let latest = latest(of: key)?.changed ?? 0
        let changed = max(now, latest + 0.001)
        let version = SyncedVersion(key: key, device: device, host: host, changed: changed, value: value)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        guard var bytes = try? encoder.encode(version) else {
            throw ShelfError(path: path, reason: "cannot be encoded")
        }
        bytes.append(UInt8(ascii: "\n"))
        if let reason = Folders.make(folder) { throw ShelfError(path: path, reason: reason) }
        // Hidden while it is written (a reader and a sync engine pass over it), synced, then
        // renamed in: a reader sees the old version or the new one, whole.
        let draft = folder + "/.\(key).json.\(getpid()).tmp"
        let file = open(draft, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw Self.failure(path) }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count, let base = buffer.baseAddress {
                let count = Glibc.write(file, base + done, buffer.count - done)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return fsync(file) == 0
        }
        let failure = written ? nil : Self.failure(path)
        close(file)
        if let failure {
            unlink(draft)
            throw failure
        }
        guard rename(draft, path) == 0 else {
            let failure = Self.failure(path)
            unlink(draft)
            throw failure
        }
        return version
    }

    /// The error of the last call that failed, with the C library's reason.
    private static func failure(_ path: String) -> ShelfError {
        ShelfError(path: path, reason: String(cString: strerror(errno)))
    }

    /// Whether this device has a folder on the shelf yet.
    public func hasFolder(of device: String) -> Bool {
        var info = stat()
        return stat(root + "/" + device, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in a folder that are not hidden; none when it cannot be read.
    private static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// A regular file's bytes, when it is no larger than a version's file may be.
    private static func contents(of path: String) -> Data? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= largestFile else { return nil }
        return FileManager.default.contents(atPath: path)
    }
}
