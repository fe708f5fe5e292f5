import Foundation
import Outputs
import Session

/// A type a setting holds. Every layer (flag, preset, environment, config file) carries a value
/// as its canonical text, so one parser serves them all; TOML gets the literal of its own type.
protocol SettingValue: Sendable {
    init?(settingText: String)
    var settingText: String { get }
    /// How the value is written into config.toml.
    var tomlLiteral: String { get }
}

extension ExactDecimal: SettingValue {
    init?(settingText: String) { self.init(settingText) }
    var settingText: String { description }
    var tomlLiteral: String { description }
}

extension Int: SettingValue {
    init?(settingText: String) { self.init(settingText.trimmingCharacters(in: .whitespaces)) }
    var settingText: String { String(self) }
    var tomlLiteral: String { String(self) }
}

extension UInt64: SettingValue {
    init?(settingText: String) { self.init(settingText.trimmingCharacters(in: .whitespaces)) }
    var settingText: String { String(self) }
    // TOML integers are signed 64-bit: a seed above Int64.max is kept as a string.
    var tomlLiteral: String { self <= UInt64(Int64.max) ? String(self) : TOMLString.literal(String(self)) }
}

extension Float: SettingValue {
    init?(settingText: String) {
        guard let value = Float(settingText.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        self = value
    }
    var settingText: String { description }
    var tomlLiteral: String { description }
}

extension Bool: SettingValue {
    init?(settingText: String) {
        switch settingText.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "on", "1": self = true
        case "false", "no", "off", "0": self = false
        default: return nil
        }
    }
    var settingText: String { self ? "true" : "false" }
    var tomlLiteral: String { settingText }
}

extension String: SettingValue {
    init?(settingText: String) { self = settingText }
    var settingText: String { self }
    var tomlLiteral: String { TOMLString.literal(self) }
}

extension NoiseArgument: SettingValue {}

extension Language: SettingValue {}

extension OutputBackend: SettingValue {}

/// The named choices (noise colours, backends, languages): their raw values, any case.
extension SettingValue where Self: RawRepresentable, RawValue == String {
    init?(settingText: String) { self.init(rawValue: settingText.trimmingCharacters(in: .whitespaces).lowercased()) }
    var settingText: String { rawValue }
    var tomlLiteral: String { TOMLString.literal(rawValue) }
}

extension BellList: SettingValue {
    init?(settingText: String) { self.init(argument: settingText) }
    var settingText: String { minutes.map(\.description).joined(separator: ",") }
    var tomlLiteral: String { TOMLString.literal(settingText) }
}
