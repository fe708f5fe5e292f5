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
            let folder = root + "/" + device
            for name in Self.names(in: folder) where name.hasSuffix(".json") {
                guard let data = Self.contents(of: folder + "/" + name),
                    let version = try? decoder.decode(SyncedVersion<Value>.self, from: data),
                    version.device == device, version.key + ".json" == name, Self.isValidKey(version.key),
                    version.changed.isFinite, (0...1e11).contains(version.changed)
                else { continue }
                if let known = winners[version.key], !version.wins(over: known) { continue }
                winners[version.key] = version
            }
        }
        return winners
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
        let latest = read()[key]?.changed ?? 0
        let changed = max(now, latest + 0.001)
        let version = SyncedVersion(key: key, device: device, host: host, changed: changed, value: value)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        do {
            var bytes = try encoder.encode(version)
            bytes.append(UInt8(ascii: "\n"))
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Hidden while it is written (a reader and a sync engine pass over it), then renamed in.
            let draft = folder + "/.\(key).json.\(getpid()).tmp"
            try bytes.write(to: URL(fileURLWithPath: draft))
            let file = open(draft, O_RDONLY | O_CLOEXEC)
            if file >= 0 {
                fsync(file)
                close(file)
            }
            guard rename(draft, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(draft)
                throw ShelfError(path: path, reason: reason)
            }
        } catch let error as ShelfError {
            throw error
        } catch {
            throw ShelfError(path: path, reason: error.localizedDescription)
        }
        return version
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
