import Control
import Foundation
import Library
import NIOConcurrencyHelpers
import Settings

/// The pairing token of the WebSocket listener. Only its SHA-256 is kept, in `web-token` beside
/// the library (mode 0600): the token itself is shown once, when it is made, and a copy of the
/// file gives nobody the token. Checked from the listener's thread, replaced from the control
/// thread.
package final class WebToken: WebTokenChecking {
    let path: String
    // A pthread mutex (NIOLock), which ThreadSanitizer understands (see EventHub).
    private let hash: NIOLockedValueBox<String?>

    package init(folder: String) {
        path = folder + "/web-token"
        hash = NIOLockedValueBox(Self.read(path))
    }

    /// Whether a token has been made (it cannot be shown again).
    package var isSet: Bool { hash.withLockedValue { $0 != nil } }

    package func accepts(_ token: String) -> Bool {
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
    package func renew() throws(WebTokenError) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token = ContentHash.hex(bytes)
        guard let digest = ContentHash.of(bytes: Array(token.utf8)) else {
            throw .cannotStore(path: path, reason: "SHA-256 unavailable")
        }
        try store(digest)
        hash.withLockedValue { $0 = digest }
        return token
    }

    /// Written whole to a new file and renamed over the old (`AtomicFile`): a crash leaves one
    /// or the other.
    private func store(_ digest: String) throws(WebTokenError) {
        do {
            try AtomicFile.update(path, newFileMode: 0o600) { _ in digest + "\n" }
        } catch {
            switch error {
            case let .unwritable(_, reason), let .unreadable(_, reason):
                throw .cannotStore(path: path, reason: reason)
            default:
                throw .cannotStore(path: path, reason: error.localizedDescription)
            }
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
