import Foundation

/// The `[mqtt]` table of config.toml: the broker the service reports to and takes commands
/// from (Home Assistant's, typically). Without the table the service speaks no MQTT.
///
/// ```toml
/// [mqtt]
/// host = "homeassistant.local"
/// port = 1883                  # 8883 with tls
/// user = "meditate"
/// password_file = "/etc/meditate/mqtt-password"
/// tls = false
/// ca_file = "/etc/ssl/certs/my-ca.pem"   # with tls; the system's CAs otherwise
/// topic = "meditate/hall"      # where its state and commands live
/// name = "Meditation hall"     # the device's name in Home Assistant
/// discovery_prefix = "homeassistant"
/// ```
package struct MQTTSettings: Equatable {
    package var host: String
    package var port: Int?
    package var user: String?
    package var passwordFile: String?
    package var tls = false
    package var caFile: String?
    /// The base of the service's own topics; "meditate/" and the host's name by default.
    package var topic: String?
    package var name: String?
    package var discoveryPrefix = "homeassistant"

    package static let keys: Set<String> = [
        "host", "port", "user", "password_file", "tls", "ca_file", "topic", "name", "discovery_prefix"
    ]

    package var resolvedPort: Int { port ?? (tls ? 8883 : 1883) }

    /// The machine's name as a topic level and an id: letters, digits, '-' and '_' only.
    package static func nodeName(_ hostName: String = ProcessInfo.processInfo.hostName) -> String {
        let short = hostName.split(separator: ".").first.map(String.init) ?? ""
        let cleaned = String(
            short.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" })
        return cleaned.isEmpty ? "meditate" : cleaned
    }

    package var baseTopic: String { topic ?? "meditate/\(Self.nodeName())" }

    /// An id for the device and its entities, unique per base topic.
    package var deviceID: String {
        String(baseTopic.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    package var deviceName: String { name ?? "meditate \(Self.nodeName())" }

    /// A topic level may not be empty or hold MQTT's wildcards.
    package static func isValidTopic(_ topic: String) -> Bool {
        !topic.isEmpty && !topic.contains("#") && !topic.contains("+") && !topic.hasPrefix("/")
            && !topic.hasSuffix("/") && !topic.contains("//") && topic.utf8.count <= 1024
    }
}
