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
        guard Self.writeWhole(bytes, to: file), fsync(file) == 0 else {
            throw .database(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Carries this device's history files into `target`'s folder (this device's journal there;
    /// moving the shared folder): a month's file there gets the whole lines it lacks, so a sit
    /// kept in both places, edited in one, is read as its latest line says, as any merge reads
    /// it. Files are read as the merge reads them (no link followed, at most
    /// `JournalLimits.fileBytes` each); an unfinished last line stays behind. Other devices'
    /// files are theirs, and stay where they are.
    /// - Returns: how many sits the carried lines hold (removed ones not counted).
    public func carry(to target: PracticeJournal) throws(LibraryError) -> Int {
        let own: SharedSubfolder?
        do throws(ShelfError) {
            own = try SharedSubfolder.open(root: folder, ["history", device], making: false)
        } catch {
            throw .shared(error)
        }
        guard let own else { return 0 }
        var latest: [String: (changed: Double, removed: Bool)] = [:]
        let decoder = JSONDecoder()
        for name in own.names(folders: false) where Self.isMonthFile(name) {
            guard let bytes = own.contents(of: name, atMost: Int(JournalLimits.fileBytes)) else { continue }
            let lines = Self.wholeLines(bytes)
            for line in lines {
                guard let record = try? decoder.decode(PracticeRecord.self, from: Data(line)), record.device == device,
                    record.changed.isFinite
                else { continue }
                if let known = latest[record.uuid], known.changed > record.changed { continue }
                latest[record.uuid] = (record.changed, record.isRemoval)
            }
            try target.appendMissing(lines, to: name)
        }
        return latest.values.filter { !$0.removed }.count
    }

    /// The lines of `bytes` that end in a line end, without it; empty ones left out.
    static func wholeLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        guard let end = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        return bytes[..<end].split(separator: UInt8(ascii: "\n"))
    }

    /// Appends to this device's month file `name` those of `lines` it does not hold, and syncs.
    private func appendMissing(_ lines: [ArraySlice<UInt8>], to name: String) throws(LibraryError) {
        let path = root + "/" + device + "/" + name
        let file: Int32
        let held: [UInt8]
        do throws(ShelfError) {
            guard let own = try SharedSubfolder.open(root: folder, ["history", device], making: true) else {
                throw ShelfError(path: root + "/" + device, reason: String(cString: strerror(ENOENT)))
            }
            held = own.contents(of: name, atMost: Int(JournalLimits.fileBytes)) ?? []
            file = try own.openForAppending(name)
        } catch {
            throw .shared(error)
        }
        defer { close(file) }
        let known = Set(held.split(separator: UInt8(ascii: "\n")).map { Array($0) })
        var bytes: [UInt8] = []
        for line in lines where !known.contains(Array(line)) {
            bytes.append(contentsOf: line)
            bytes.append(UInt8(ascii: "\n"))
        }
        guard !bytes.isEmpty else { return }
        // A line a killed writer left unfinished is ended first, so that it spoils itself alone.
        if let last = held.last, last != UInt8(ascii: "\n") { bytes.insert(UInt8(ascii: "\n"), at: 0) }
        guard Self.writeWhole(bytes, to: file), fsync(file) == 0 else {
            throw .database(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Writes all of `bytes` to `file` (its writes cut short by a signal go on); false on an error.
    private static func writeWhole(_ bytes: some ContiguousBytes, to file: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var done = 0
            while done < buffer.count {
                let count = write(file, base + done, buffer.count - done)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
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
