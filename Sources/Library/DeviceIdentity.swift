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
        do {
            try FileManager.default.createDirectory(atPath: paths.folder, withIntermediateDirectories: true)
            try Data((made + "\n").utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            return nil
        }
        // Another process may have made one at the same moment: the file's is the one.
        return (try? String(contentsOfFile: file, encoding: .utf8)).flatMap(valid) ?? made
    }

    /// An id as kept: 32 lowercase hex digits, with or without a line end.
    public static func valid(_ text: String) -> String? {
        let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard id.count == 32, id.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return id
    }
}
