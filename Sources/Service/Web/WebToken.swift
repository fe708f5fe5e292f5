import Control
import Foundation
import Library
import NIOConcurrencyHelpers
import Settings

/// The pairing token of the WebSocket listener, kept in `web-token` beside the library (mode
/// 0600, as the history is): `meditate ctl token` shows its link again to whoever holds the
/// Unix socket, so that a person who lost the link need not unpair every phone to get it. A
/// file written before kept only the token's SHA-256: it is still honoured, but cannot be shown.
/// Checked from the listener's thread, replaced from the control thread.
package final class WebToken: WebTokenChecking {
    /// What the file holds.
    private enum Kept: Equatable {
        /// The token itself, 32 hex digits.
        case token(String)
        /// Only its SHA-256, 64 hex digits (files written before the token was kept).
        case hash(String)
    }

    let path: String
    // A pthread mutex (NIOLock), which ThreadSanitizer understands (see EventHub).
    private let kept: NIOLockedValueBox<Kept?>

    /// The pairing token kept in `folder`; with `file`, another token kept there (the
    /// calendar's, `web-feed-token`).
    package init(folder: String, file: String = "web-token") {
        path = folder + "/" + file
        kept = NIOLockedValueBox(Self.read(path))
    }

    /// The file of the calendar's token: it reads the feeds and nothing else.
    package static let feedFile = "web-feed-token"

    /// Whether a token has been made.
    package var isSet: Bool { kept.withLockedValue { $0 != nil } }

    /// The token, when it is kept (not only its hash).
    package var current: String? {
        kept.withLockedValue {
            guard case let .token(token)? = $0 else { return nil }
            return token
        }
    }

    package func accepts(_ token: String) -> Bool {
        let stored: String
        let offered: String
        switch kept.withLockedValue({ $0 }) {
        case nil: return false
        case let .token(kept)?:
            stored = kept
            offered = token
        case let .hash(kept)?:
            guard let digest = ContentHash.of(bytes: Array(token.utf8)) else { return false }
            stored = kept
            offered = digest
        }
        // Every byte compared, whatever the first difference: the time taken tells nothing.
        let left = Array(stored.utf8)
        let right = Array(offered.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// Makes a new token, keeps it (the old token stops working), and returns it.
    package func renew() throws(WebTokenError) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token = ContentHash.hex(bytes)
        try store(token)
        kept.withLockedValue { $0 = .token(token) }
        return token
    }

    /// Written whole to a new file and renamed over the old (`AtomicFile`): a crash leaves one
    /// or the other.
    private func store(_ token: String) throws(WebTokenError) {
        do {
            try AtomicFile.update(path, newFileMode: 0o600) { _ in token + "\n" }
        } catch {
            switch error {
            case let .unwritable(_, reason), let .unreadable(_, reason):
                throw .cannotStore(path: path, reason: reason)
            default:
                throw .cannotStore(path: path, reason: error.localizedDescription)
            }
        }
    }

    /// The token (32 lowercase hex digits) or its hash (64) in the file; else nothing is set.
    private static func read(_ path: String) -> Kept? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 1024 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        switch text.utf8.count {
        case 32: return .token(text)
        case 64: return .hash(text)
        default: return nil
        }
    }
}
