import Control
import Foundation
import Library
import NIOConcurrencyHelpers

/// The pairing token of the WebSocket listener. Only its SHA-256 is kept, in `web-token` beside
/// the library (mode 0600): the token itself is shown once, when it is made, and a copy of the
/// file gives nobody the token. Checked from the listener's thread, replaced from the control
/// thread.
final class WebToken: WebTokenChecking {
    let path: String
    // A pthread mutex (NIOLock), which ThreadSanitizer understands (see EventHub).
    private let hash: NIOLockedValueBox<String?>

    init(folder: String) {
        path = folder + "/web-token"
        hash = NIOLockedValueBox(Self.read(path))
    }

    /// Whether a token has been made (it cannot be shown again).
    var isSet: Bool { hash.withLockedValue { $0 != nil } }

    func accepts(_ token: String) -> Bool {
        guard let stored = hash.withLockedValue({ $0 }), let offered = ContentHash.of(bytes: Array(token.utf8)) else {
            return false
        }
        // Every byte compared, whatever the first difference: the time taken tells nothing.
        let left = Array(stored.utf8)
        let right = Array(offered.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// Makes a new token, keeps its hash (the old token stops working), and returns it.
    func renew() throws(WebTokenError) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token = bytes.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        guard let digest = ContentHash.of(bytes: Array(token.utf8)) else {
            throw .cannotStore(path: path, reason: "SHA-256 unavailable")
        }
        try store(digest)
        hash.withLockedValue { $0 = digest }
        return token
    }

    /// Written whole to a new file and renamed over the old: a crash leaves one or the other.
    private func store(_ digest: String) throws(WebTokenError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotStore(path: path, reason: error.localizedDescription)
        }
        let temporary = path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotStore(path: path, reason: String(cString: strerror(errno))) }
        let line = Array((digest + "\n").utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard written == line.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .cannotStore(path: path, reason: reason)
        }
    }

    /// The hash in the file, when the file holds one (64 hex digits); else nothing is set.
    private static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 1024 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.utf8.count == 64, text.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return text
    }
}
