/// Why the service's MQTT client could not be set up: one line for the log or the terminal.
import Foundation
import Localization
import Settings

package enum MQTTError: LocalizedError, Equatable {
    case setup(String)
    case passwordFile(path: String, reason: String)

    package var errorDescription: String? { message }

    var message: String {
        switch self {
        case let .setup(reason): "MQTT: \(reason)"
        case let .passwordFile(path, reason):
            "MQTT: " + localized("cannot read the password file", de: "kann die Passwortdatei nicht lesen")
                + " \(path): \(reason)"
        }
    }
}
