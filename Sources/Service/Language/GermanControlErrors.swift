import Control
import Settings

/// The control socket's errors in German (the service's own refusals are worded where they
/// are made, in the service's language).
extension FailureLine {
    static func german(_ error: ControlError) -> String {
        switch error {
        case let .cannotListen(path, reason): "kann nicht auf \(path) warten: \(SystemReason.german(reason))"
        case let .alreadyRunning(path, pid):
            "auf \(path) läuft schon ein Dienst" + (pid.map { " (PID \($0))" } ?? "")
        case let .cannotConnect(path, reason): "kein Dienst antwortet auf \(path): \(SystemReason.german(reason))"
        case let .connectionLost(path): "der Dienst auf \(path) hat die Verbindung geschlossen"
        case let .timedOut(path): "der Dienst auf \(path) hat nicht rechtzeitig geantwortet"
        case let .badReply(reason): "die Antwort des Dienstes ist nicht lesbar: \(reason)"
        case let .refused(error): error.message
        }
    }
}
