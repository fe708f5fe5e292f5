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
struct MQTTSettings: Equatable {
    var host: String
    var port: Int?
    var user: String?
    var passwordFile: String?
    var tls = false
    var caFile: String?
    /// The base of the service's own topics; "meditate/" and the host's name by default.
    var topic: String?
    var name: String?
    var discoveryPrefix = "homeassistant"

    static let keys: Set<String> = [
        "host", "port", "user", "password_file", "tls", "ca_file", "topic", "name", "discovery_prefix"
    ]

    var resolvedPort: Int { port ?? (tls ? 8883 : 1883) }

    /// The machine's name as a topic level and an id: letters, digits, '-' and '_' only.
    static func nodeName(_ hostName: String = ProcessInfo.processInfo.hostName) -> String {
        let short = hostName.split(separator: ".").first.map(String.init) ?? ""
        let cleaned = String(
            short.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" })
        return cleaned.isEmpty ? "meditate" : cleaned
    }

    var baseTopic: String { topic ?? "meditate/\(Self.nodeName())" }

    /// An id for the device and its entities, unique per base topic.
    var deviceID: String {
        String(baseTopic.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    var deviceName: String { name ?? "meditate \(Self.nodeName())" }

    /// A topic level may not be empty or hold MQTT's wildcards.
    static func isValidTopic(_ topic: String) -> Bool {
        !topic.isEmpty && !topic.contains("#") && !topic.contains("+") && !topic.hasPrefix("/")
            && !topic.hasSuffix("/") && !topic.contains("//") && topic.utf8.count <= 1024
    }
}
