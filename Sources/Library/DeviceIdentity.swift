import Foundation

/// This device's own name for itself among a home's devices: 32 hex digits, made at random the
/// first time it is asked for and kept in the data folder (`device-id`), so that a service
/// found on the network is known again under another address, and what it writes is told
/// apart from another device's.
public enum DeviceIdentity {
    /// The kept id, made and kept when there is none (or the file holds no valid id); nil only
    /// when the folder cannot be written and there was none.
    public static func id(in paths: LibraryPaths) -> String? {
        let file = paths.folder + "/device-id"
        if let kept = try? String(contentsOfFile: file, encoding: .utf8), let id = valid(kept) { return id }
        var generator = SystemRandomNumberGenerator()
        let made = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        // Written whole beside it, then linked in: link(2) fails when the name exists, so of two
        // processes (or threads) making one at the same moment the first is kept and both
        // return it; a rename would let the second replace the id the first already uses.
        let draft = file + ".\(getpid()).\(made.prefix(8))"
        do {
            try FileManager.default.createDirectory(atPath: paths.folder, withIntermediateDirectories: true)
            try Data((made + "\n").utf8).write(to: URL(fileURLWithPath: draft))
        } catch {
            return nil
        }
        defer { unlink(draft) }
        if link(draft, file) == 0 { return made }
        if let kept = (try? String(contentsOfFile: file, encoding: .utf8)).flatMap(valid) { return kept }
        // A damaged file: replaced.
        return rename(draft, file) == 0 ? made : nil
    }

    /// An id as kept: 32 lowercase hex digits, with or without a line end.
    public static func valid(_ text: String) -> String? {
        // Bytes, not Characters: every line of every history file names a device, and Unicode's
        // properties cost more than the rest of reading the line.
        var bytes = Array(text.utf8)
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: " ") { bytes.removeLast() }
        guard bytes.count == 32,
            bytes.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
