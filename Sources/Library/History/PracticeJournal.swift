import Foundation
import SyncFolder

/// The history's files in a folder a file sync may carry (Syncthing, Nextcloud):
/// `history/<device-id>/<year>-<month>.jsonl`, one record a line. This device appends to its
/// own folder only, to the file of the month it writes in, so no file is ever written by two
/// devices and a month's file is never touched once the month is over.
public struct PracticeJournal: Sendable, Equatable {
    /// The folder that holds `history/` (`history-folder`; the data folder by default).
    public let folder: String
    /// This device's id and host name.
    public let device: String
    public let host: String

    public init(folder: String, device: String, host: String) {
        self.folder = folder
        self.device = device
        self.host = host
    }

    /// This device's journal in `folder`, its id kept in `paths`' data folder; nil when no id
    /// can be made (a folder that cannot be written), and the history is kept as before.
    public init?(folder: String, paths: LibraryPaths) {
        guard let id = DeviceIdentity.id(in: paths) else { return nil }
        self.init(folder: folder, device: id, host: Self.hostName())
    }

    public var root: String { folder + "/history" }

    /// The file this device appends to at `time` (UTC months: every device agrees on them).
    public func ownFile(at time: Double) -> String {
        root + "/" + device + "/" + Self.month(of: time) + ".jsonl"
    }

    static func month(of time: Double) -> String {
        var seconds = time_t(time.isFinite ? max(0, min(time, 1e11)) : 0)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1)
    }

    /// Appends `records` in one write and syncs them to the disk. A line a killed writer left
    /// unfinished is ended first, so that it spoils itself alone and not the next record.
    public func append(_ records: [PracticeRecord], at time: Double) throws(LibraryError) {
        guard !records.isEmpty else { return }
        let path = ownFile(at: time)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = Data()
        do {
            for record in records {
                bytes.append(try encoder.encode(record))
                bytes.append(UInt8(ascii: "\n"))
            }
        } catch {
            throw .database(path: path, reason: error.localizedDescription)
        }
        // Its folders and the file opened without following a link (any device may plant one
        // to make the next line land in another file); read as well as written: its last byte
        // says whether a line was left unfinished.
        let file: Int32
        do throws(ShelfError) {
            guard let own = try SharedSubfolder.open(root: folder, ["history", device], making: true) else {
                throw ShelfError(path: path, reason: String(cString: strerror(ENOENT)))
            }
            file = try own.openForAppending(Self.month(of: time) + ".jsonl")
        } catch {
            throw .shared(error)
        }
        defer { close(file) }
        var info = stat()
        if fstat(file, &info) == 0, info.st_size > 0 {
            var last: UInt8 = 0
            if pread(file, &last, 1, off_t(info.st_size - 1)) == 1, last != UInt8(ascii: "\n") {
                bytes.insert(UInt8(ascii: "\n"), at: 0)
            }
        }
        let written = bytes.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var done = 0
            while done < buffer.count {
                let count = write(file, base + done, buffer.count - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                done += count
            }
            return done
        }
        guard written == bytes.count, fsync(file) == 0 else {
            throw .database(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Every history file of every device, by its path under `root` ("<id>/2026-11.jsonl"):
    /// the sync engine's own files (temporary copies, conflict copies) are not history.
    /// Folders and files that are links are not history: a device may plant one anywhere.
    public func files() -> [String] {
        var found: [String] = []
        guard let history = try? SharedSubfolder.open(root: folder, ["history"], making: false) else { return [] }
        for device in history.names(folders: true) where DeviceIdentity.valid(device) == device {
            guard let files = try? SharedSubfolder.open(root: folder, ["history", device], making: false) else {
                continue
            }
            for name in files.names(folders: false) where Self.isMonthFile(name) {
                found.append(device + "/" + name)
            }
        }
        return found.sorted()
    }

    /// One of `files()` (`<id>/<month>.jsonl`) opened to read, without following a link; nil
    /// when it is not a regular file of a folder that is no link.
    func open(_ file: String) -> Int32? {
        let parts = file.split(separator: "/").map(String.init)
        guard parts.count == 2,
            let device = try? SharedSubfolder.open(root: folder, ["history", parts[0]], making: false)
        else { return nil }
        return device.openForReading(parts[1])
    }

    static func isMonthFile(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == 13, name.hasSuffix(".jsonl"), bytes[4] == UInt8(ascii: "-") else { return false }
        return (bytes[0..<4] + bytes[5..<7]).allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// This machine's name, as people call it.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
