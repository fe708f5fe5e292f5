import Foundation
import Outputs
import Session

/// A type a setting holds. Every layer (flag, preset, environment, config file) carries a value
/// as its canonical text, so one parser serves them all; TOML gets the literal of its own type.
package protocol SettingValue: Sendable {
    init?(settingText: String)
    var settingText: String { get }
    /// How the value is written into config.toml.
    var tomlLiteral: String { get }
}

extension ExactDecimal: SettingValue {
    package init?(settingText: String) { self.init(settingText) }
    package var settingText: String { description }
    package var tomlLiteral: String { description }
}

extension Int: SettingValue {
    package init?(settingText: String) { self.init(settingText.trimmingCharacters(in: .whitespaces)) }
    package var settingText: String { String(self) }
    package var tomlLiteral: String { String(self) }
}

extension UInt64: SettingValue {
    package init?(settingText: String) { self.init(settingText.trimmingCharacters(in: .whitespaces)) }
    package var settingText: String { String(self) }
    // TOML integers are signed 64-bit: a seed above Int64.max is kept as a string.
    package var tomlLiteral: String { self <= UInt64(Int64.max) ? String(self) : TOMLString.literal(String(self)) }
}

extension Float: SettingValue {
    package init?(settingText: String) {
        guard let value = Float(settingText.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        self = value
    }
    package var settingText: String { description }
    package var tomlLiteral: String { description }
}

extension Bool: SettingValue {
    package init?(settingText: String) {
        switch settingText.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "on", "1": self = true
        case "false", "no", "off", "0": self = false
        default: return nil
        }
    }
    package var settingText: String { self ? "true" : "false" }
    package var tomlLiteral: String { settingText }
}

extension String: SettingValue {
    package init?(settingText: String) { self = settingText }
    package var settingText: String { self }
    package var tomlLiteral: String { TOMLString.literal(self) }
}

extension NoiseArgument: SettingValue {}

extension WalkSounds: SettingValue {}

extension Language: SettingValue {}

extension OutputBackend: SettingValue {}

/// The named choices (noise colours, backends, languages): their raw values, any case.
extension SettingValue where Self: RawRepresentable, RawValue == String {
    package init?(settingText: String) {
        self.init(rawValue: settingText.trimmingCharacters(in: .whitespaces).lowercased())
    }
    package var settingText: String { rawValue }
    package var tomlLiteral: String { TOMLString.literal(rawValue) }
}

extension RandomBells: SettingValue {
    package init?(settingText: String) { self.init(settingText.trimmingCharacters(in: .whitespaces)) }
    package var settingText: String { description }
    package var tomlLiteral: String { TOMLString.literal(settingText) }
}

extension SegmentList {
    package var settingText: String { segments.map(\.description).joined(separator: ", ") }
    package var tomlLiteral: String { TOMLString.literal(settingText) }
}

extension BellList: SettingValue {
    package var settingText: String { minutes.map(\.description).joined(separator: ",") }
    package var tomlLiteral: String { TOMLString.literal(settingText) }
}
