import Localization
import TOMLKit

/// Reads and checks `[mqtt]` of config.toml: a mistake is `config.toml:LINE: reason`, as for
/// every other key of the file.
package struct MQTTSettingsReader {
    package let path: String
    package let lines: ConfigLines

    package func read(_ value: any TOMLValueConvertible) throws(SettingsError) -> MQTTSettings {
        guard let table = value.table else {
            throw fault(
                "mqtt",
                localized(
                    "'mqtt' is a table, [mqtt], with the broker's host",
                    de: "'mqtt' ist eine Tabelle, [mqtt], mit dem Host des Brokers"))
        }
        for key in table.keys.sorted() where !MQTTSettings.keys.contains(key) {
            throw fault(
                key,
                localized(
                    "no MQTT setting '\(key)'; they are \(MQTTSettings.keys.sorted().joined(separator: ", "))",
                    de: "keine MQTT-Einstellung '\(key)'; es gibt \(MQTTSettings.keys.sorted().joined(separator: ", "))"
                ))
        }
        guard let host = try text(table, "host") else {
            throw fault(
                "mqtt", localized("[mqtt] needs the broker's host", de: "[mqtt] braucht den Host des Brokers"))
        }
        var settings = MQTTSettings(host: host)
        if table["port"] != nil {
            guard let port = table["port"]?.int, (1...65_535).contains(port) else {
                throw fault(
                    "port",
                    localized(
                        "port is a whole number from 1 to 65535", de: "port ist eine ganze Zahl von 1 bis 65535"))
            }
            settings.port = port
        }
        if table["tls"] != nil {
            guard let tls = table["tls"]?.bool else {
                throw fault("tls", localized("tls is true or false", de: "tls ist true oder false"))
            }
            settings.tls = tls
        }
        settings.user = try text(table, "user")
        settings.passwordFile = try text(table, "password_file")
        settings.caFile = try text(table, "ca_file")
        settings.name = try text(table, "name")
        if let topic = try text(table, "topic") {
            guard MQTTSettings.isValidTopic(topic) else { throw badTopic("topic") }
            settings.topic = topic
        }
        if let prefix = try text(table, "discovery_prefix") {
            guard MQTTSettings.isValidTopic(prefix) else { throw badTopic("discovery_prefix") }
            settings.discoveryPrefix = prefix
        }
        return settings
    }

    /// A non-empty text, or nil when the key is not there.
    private func text(_ table: TOMLTable, _ key: String) throws(SettingsError) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string, !text.isEmpty else {
            throw fault(key, localized("\(key) is a text", de: "\(key) ist ein Text"))
        }
        return text
    }

    private func badTopic(_ key: String) -> SettingsError {
        fault(
            key,
            localized(
                "\(key) is an MQTT topic such as meditate/hall: no '#', '+', empty levels or '/' at either end",
                de:
                    "\(key) ist ein MQTT-Topic wie meditate/halle: kein '#', '+', keine leeren Ebenen, kein '/' an den Enden"
            ))
    }

    private func fault(_ key: String, _ reason: String) -> SettingsError {
        .malformed(path: path, line: lines.line(of: key, in: key == "mqtt" ? nil : "mqtt"), reason: reason)
    }
}
