import Control
import Settings

/// The control socket's errors in German (the service's own refusals are worded where they
/// are made, in the service's language).
extension FailureLine {
    static func german(_ error: ControlError) -> String {
        switch error {
        case let .cannotListen(path, reason): "kann nicht auf \(path) warten: \(germanReason(reason))"
        case let .alreadyRunning(path, pid):
            "auf \(path) läuft schon ein Dienst" + (pid.map { " (PID \($0))" } ?? "")
        case let .cannotConnect(path, reason): "kein Dienst antwortet auf \(path): \(germanReason(reason))"
        case let .connectionLost(path): "der Dienst auf \(path) hat die Verbindung geschlossen"
        case let .timedOut(path): "der Dienst auf \(path) hat nicht rechtzeitig geantwortet"
        case let .abandoned(path): "Warten auf den Dienst auf \(path) abgebrochen"
        case let .badReply(reason): "die Antwort des Dienstes ist nicht lesbar: \(reason)"
        case let .refused(error): error.message
        }
    }

    /// The socket's own reasons, and the C library's, in German.
    private static func germanReason(_ reason: String) -> String {
        switch reason {
        case ControlError.pathTooLong: return "der Pfad ist zu lang"
        case ControlError.noLocalAddress: return "keine lokale Adresse"
        default:
            if reason.hasSuffix(ControlError.ownedByAnotherUser) {
                return String(reason.dropLast(ControlError.ownedByAnotherUser.count)) + " gehört einem anderen Benutzer"
            }
            return SystemReason.german(reason)
        }
    }
}
