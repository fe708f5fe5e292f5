import Foundation
import Localization
import NIOCore

/// Why the control socket could not be served or reached: one line each.
public enum ControlError: Error, Equatable, Sendable, PhrasedError {
    case cannotListen(path: String, reason: String)
    /// Another service holds the socket's lock; its pid, when the lock file names one.
    case alreadyRunning(path: String, pid: Int32?)
    case cannotConnect(path: String, reason: String)
    case connectionLost(path: String)
    case timedOut(path: String)
    /// The client stopped waiting for a reply (`ControlClient.call`'s `meanwhile`).
    case abandoned(path: String)
    case badReply(String)
    /// The service answered with an error.
    case refused(RPCError)

    /// Why a socket could not be bound, as the C library says it ("Address already in use"),
    /// rather than NIO's description of the call that failed and its errno.
    static func reason(binding error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        return String(cString: strerror(error.errnoCode))
    }

    /// The reasons this module words itself, for a German line to know them.
    public static let pathTooLong = "the path is too long"
    public static let noLocalAddress = "no local address"
    public static let ownedByAnotherUser = " belongs to another user"
    public static let notUpgraded = "it did not open a WebSocket"

    /// The English line (the German one: `phrase`).
    public var line: String { phrase.english }

    /// The line in both languages (a refusal's is the service's own, in the service's language).
    package var phrase: Phrase {
        switch self {
        case let .cannotListen(path, reason):
            Phrase(
                "cannot listen on \(path): \(reason)", de: "kann nicht auf \(path) warten: \(Self.german(reason))")
        case let .alreadyRunning(path, pid):
            Phrase(
                "a service is already running on \(path)" + (pid.map { " (pid \($0))" } ?? ""),
                de: "auf \(path) läuft schon ein Dienst" + (pid.map { " (PID \($0))" } ?? ""))
        case let .cannotConnect(path, reason):
            Phrase(
                "no service answers on \(path): \(reason)",
                de: "kein Dienst antwortet auf \(path): \(Self.german(reason))")
        case let .connectionLost(path):
            Phrase(
                "the service on \(path) closed the connection",
                de: "der Dienst auf \(path) hat die Verbindung geschlossen")
        case let .timedOut(path):
            Phrase(
                "the service on \(path) did not answer in time",
                de: "der Dienst auf \(path) hat nicht rechtzeitig geantwortet")
        case let .abandoned(path):
            Phrase(
                "stopped waiting for the service on \(path)", de: "Warten auf den Dienst auf \(path) abgebrochen")
        case let .badReply(reason):
            // What the other end sent, shown safely: it may be anything.
            Phrase(
                "the service's reply cannot be read: \(TerminalText.line(reason))",
                de: "die Antwort des Dienstes ist nicht lesbar: \(TerminalText.line(reason))")
        case let .refused(error): Phrase(TerminalText.line(error.message), de: TerminalText.line(error.message))
        }
    }

    /// The socket's own reasons, and the C library's, in German.
    private static func german(_ reason: String) -> String {
        switch reason {
        case pathTooLong: return "der Pfad ist zu lang"
        case noLocalAddress: return "keine lokale Adresse"
        case notUpgraded: return "er hat keinen WebSocket geöffnet"
        default:
            if reason.hasSuffix(ownedByAnotherUser) {
                return String(reason.dropLast(ownedByAnotherUser.count)) + " gehört einem anderen Benutzer"
            }
            return SystemReason.german(reason)
        }
    }
}

extension ControlError: LocalizedError {
    public var errorDescription: String? { line }
}
