import Foundation

/// Small things any device may change (a preset by its name, a schedule by its UUID), in the
/// folder a file sync carries: `<folder>/<kind>/<device-id>/<key>.json`, one file for each
/// thing a device has an opinion on. A device writes into its own folder only, so no file is
/// ever written by two and a sync engine never has a conflict to keep a copy of; of the
/// versions of a key, the one changed last wins, a removal being a version too.
public struct SyncedShelf<Value: Codable & Sendable & Equatable>: Sendable {
    /// `<folder>/<kind>`.
    public let root: String
    /// The shared folder, and the shelf's folder in it.
    let folder: String
    let kind: String

    public init(folder: String, kind: String) {
        root = folder + "/" + kind
        self.folder = folder
        self.kind = kind
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
        for device in devices() {
            guard let shelf = try? SharedSubfolder.open(root: folder, [kind, device], making: false) else { continue }
            // A device's first files by name, as many as anyone keeps: a folder a device filled
            // with a million files costs a bounded read.
            for name in shelf.names(folders: false).filter({ $0.hasSuffix(".json") }).sorted().prefix(
                Self.mostFilesPerDevice)
            {
                guard let version = version(device: device, file: name, in: shelf, decoder) else { continue }
                if let known = winners[version.key], !version.wins(over: known) { continue }
                winners[version.key] = version
            }
        }
        return winners
    }

    /// The winning version of `key` alone: each device's file of it, no other file read.
    func latest(of key: String) -> SyncedVersion<Value>? {
        let decoder = JSONDecoder()
        return devices().compactMap { device in
            (try? SharedSubfolder.open(root: folder, [kind, device], making: false))
                .flatMap { $0.flatMap { version(device: device, file: key + ".json", in: $0, decoder) } }
        }
        .reduce(nil) { best, version in best.map { version.wins(over: $0) ? version : $0 } ?? version }
    }

    /// The most files of one device read from the shelf (5,000 schedules are read whole).
    public static var mostFilesPerDevice: Int { 10_000 }

    /// The devices' folders on the shelf (links passed over).
    private func devices() -> [String] {
        ((try? SharedSubfolder.open(root: folder, [kind], making: false)) ?? nil)?.names(folders: true) ?? []
    }

    /// The version in `device`'s folder's `file`, when it is whole JSON of this shape and names
    /// the device and key where it lies.
    private func version(
        device: String, file: String, in shelf: SharedSubfolder, _ decoder: JSONDecoder
    ) -> SyncedVersion<Value>? {
        guard let bytes = shelf.contents(of: file, atMost: Self.largestFile),
            let version = try? decoder.decode(SyncedVersion<Value>.self, from: Data(bytes)),
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
        try place(version)
        return version
    }

    /// Carries `device`'s own versions from this shelf onto `target` (the same kind in another
    /// folder; moving the shared folder), each as and when it was decided, removals too; a
    /// version there of the same key by the same device stays when it was decided later. Other
    /// devices' files are theirs, and stay where they are.
    /// - Returns: how many of the versions carried are things (not removals).
    public func carry(device: String, to target: SyncedShelf<Value>) throws(ShelfError) -> Int {
        guard let own = try SharedSubfolder.open(root: folder, [kind, device], making: false) else { return 0 }
        let there = try SharedSubfolder.open(root: target.folder, [kind, device], making: false)
        let decoder = JSONDecoder()
        var things = 0
        for name in own.names(folders: false).filter({ $0.hasSuffix(".json") }).prefix(Self.mostFilesPerDevice) {
            guard let version = version(device: device, file: name, in: own, decoder) else { continue }
            if version.value != nil { things += 1 }
            if let there, let kept = target.version(device: device, file: name, in: there, decoder),
                !version.wins(over: kept)
            {
                continue
            }
            try target.place(version)
        }
        return things
    }

    /// Writes `version` into its device's folder, whole or not at all.
    private func place(_ version: SyncedVersion<Value>) throws(ShelfError) {
        let key = version.key, device = version.device
        let folder = root + "/" + device
        let path = folder + "/" + key + ".json"
        guard Self.isValidKey(key) else { throw ShelfError(path: path, reason: "not a name for a file") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        guard var bytes = try? encoder.encode(version) else {
            throw ShelfError(path: path, reason: "cannot be encoded")
        }
        bytes.append(UInt8(ascii: "\n"))
        // Every folder below the shared one opened without following a link (any device may
        // plant one), the draft made new (never an entry already there), hidden while it is
        // written (a reader and a sync engine pass over it), synced, then renamed in: a reader
        // sees the old version or the new one, whole.
        guard let shelf = try SharedSubfolder.open(root: self.folder, [kind, device], making: true) else {
            throw ShelfError(path: folder, reason: String(cString: strerror(ENOENT)))
        }
        let (file, draft) = try shelf.draft(for: key + ".json")
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
            shelf.discard(draft)
            throw failure
        }
        try shelf.publish(draft, as: key + ".json")
    }

    /// The error of the last call that failed, with the C library's reason.
    private static func failure(_ path: String) -> ShelfError {
        ShelfError(path: path, reason: String(cString: strerror(errno)))
    }

    /// Whether this device has a folder on the shelf yet (a link there is none).
    public func hasFolder(of device: String) -> Bool {
        ((try? SharedSubfolder.open(root: folder, [kind, device], making: false)) ?? nil) != nil
    }
}
