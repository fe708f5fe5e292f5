import Clock
import Foundation
import Localization
import Outputs
import Session

/// A type a setting holds. Every layer (flag, preset, environment, config file) carries a value
/// as its canonical text, so one parser serves them all; TOML gets the literal of its own type.
package protocol SettingValue: Sendable, Equatable {
    init?(settingText: String)
    /// The value of a number a request's member holds (`"minutes": 12.5`), read as a number;
    /// nil for a type that no number is (the default).
    init?(settingNumber: Double)
    /// The value of a list a request's member holds (`"bells": [5, 12.5]`); nil by default.
    init?(settingList: [MemberValue])
    var settingText: String { get }
    /// How the value is written into config.toml.
    var tomlLiteral: String { get }
    /// The value as a reply gives it: a number as a number (the default: its text).
    var member: MemberValue { get }
}

extension SettingValue {
    package init?(settingNumber: Double) { return nil }
    package init?(settingList: [MemberValue]) { return nil }
    package var member: MemberValue { .text(settingText) }

    /// The value of a request's member: a text as the setting reads it (null as `none`, true and
    /// false as a flag's words), a number as a number, a list as a list.
    package init?(member: MemberValue) {
        switch member {
        case .none: self.init(settingText: Setting<Self>.noneText)
        case let .flag(flag): self.init(settingText: flag ? "true" : "false")
        case let .number(number): self.init(settingNumber: number)
        case let .text(text): self.init(settingText: text)
        case let .list(items): self.init(settingList: items)
        }
    }
}

extension ExactDecimal: SettingValue {
    package init?(settingText: String) { self.init(settingText) }
    /// The decimal with the fewest digits after the point (at most nine, as a text may have)
    /// whose value is the number: 12.5 is 125/10, 0.1 is 1/10.
    package init?(settingNumber number: Double) {
        // As a text may be: at most nine digits before the point.
        guard number.isFinite, abs(number) < 1e9 else { return nil }
        var scale = 1
        for _ in 0...9 {
            let scaled = (number * Double(scale)).rounded()
            if scaled / Double(scale) == number, let numerator = Int(exactly: scaled) {
                self.init(numerator: numerator, denominator: scale)
                return
            }
            scale *= 10
        }
        return nil
    }
    package var settingText: String { description }
    package var tomlLiteral: String { description }
    package var member: MemberValue { .number(doubleValue) }
}

extension Int: SettingValue {
    package init?(settingText: String) { self.init(settingText.trimmingCharacters(in: .whitespaces)) }
    package init?(settingNumber: Double) { self.init(exactly: settingNumber) }
    package var settingText: String { String(self) }
    package var tomlLiteral: String { String(self) }
    package var member: MemberValue { .number(Double(self)) }
}

extension UInt64: SettingValue {
    package init?(settingText: String) { self.init(settingText.trimmingCharacters(in: .whitespaces)) }
    package init?(settingNumber: Double) { self.init(exactly: settingNumber) }
    package var settingText: String { String(self) }
    // TOML integers are signed 64-bit: a seed above Int64.max is kept as a string.
    package var tomlLiteral: String { self <= UInt64(Int64.max) ? String(self) : TOMLString.literal(String(self)) }
}

extension Float: SettingValue {
    package init?(settingText: String) {
        guard let value = Float(settingText.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        self = value
    }
    package init?(settingNumber: Double) {
        let value = Float(settingNumber)
        guard value.isFinite else { return nil }
        self = value
    }
    package var settingText: String { description }
    package var tomlLiteral: String { description }
    /// 0.15 as 0.15, not as the Float's 0.150000006.
    package var member: MemberValue { .number(Double(description) ?? Double(self)) }
}

extension Bool: SettingValue {
    package init?(settingText: String) {
        switch settingText.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "on", "1": self = true
        case "false", "no", "off", "0": self = false
        default: return nil
        }
    }
    /// 1 and 0, as their texts are.
    package init?(settingNumber: Double) {
        switch settingNumber {
        case 1: self = true
        case 0: self = false
        default: return nil
        }
    }
    package var settingText: String { self ? "true" : "false" }
    package var tomlLiteral: String { settingText }
}

extension String: SettingValue {
    package init?(settingText: String) { self = settingText }
    /// A whole number names a library track by its id (`"track": 12`, as `library.list` gives it).
    package init?(settingNumber: Double) {
        guard let id = Int(exactly: settingNumber), id >= 0 else { return nil }
        self = String(id)
    }
    package var settingText: String { self }
    package var tomlLiteral: String { TOMLString.literal(self) }
}

extension NoiseArgument: SettingValue, SettingChoices {}

extension WalkSounds: SettingValue, SettingChoices {}

extension AfterSit: SettingValue, SettingChoices {}

extension ClockTime: SettingValue {
    package init?(settingText: String) { self.init(settingText.trimmingCharacters(in: .whitespaces)) }
    package var settingText: String { text }
    package var tomlLiteral: String { TOMLString.literal(text) }
}

extension Language: SettingValue, SettingChoices {}

extension OutputBackend: SettingValue, SettingChoices {}

/// A value that is one of a few words (`--noise`'s colours), which a refusal lists.
package protocol SettingChoices {
    static var choiceTexts: [String] { get }
}

extension SettingChoices where Self: CaseIterable & RawRepresentable, RawValue == String {
    package static var choiceTexts: [String] { allCases.map(\.rawValue) }
}

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
    /// One bell, at that minute.
    package init?(settingNumber: Double) { self.init(settingList: [.number(settingNumber)]) }
    /// Bells at these minutes, each a number or its text.
    package init?(settingList: [MemberValue]) {
        var minutes: [ExactDecimal] = []
        for item in settingList {
            guard let minute = ExactDecimal(member: item) else { return nil }
            minutes.append(minute)
        }
        guard !minutes.isEmpty else { return nil }
        self.init(minutes: minutes)
    }
    package var settingText: String { minutes.map(\.description).joined(separator: ",") }
    package var tomlLiteral: String { TOMLString.literal(settingText) }
}
