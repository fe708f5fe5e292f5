import Foundation
import Session

/// `--minutes 20`, or `--minutes open` for a sit with no set end; the `minutes` setting too, so
/// that a preset or config.toml may keep a sit open (`minutes = "open"`).
package enum MinutesArgument: SettingValue, CustomStringConvertible, Sendable, Equatable {
    case exact(ExactDecimal)
    case open

    package static let openText = "open"

    package init?(settingText: String) {
        if settingText.trimmingCharacters(in: .whitespaces).lowercased() == Self.openText {
            self = .open
        } else if let minutes = ExactDecimal(settingText) {
            self = .exact(minutes)
        } else {
            return nil
        }
    }

    package init?(settingNumber: Double) {
        guard let minutes = ExactDecimal(settingNumber: settingNumber) else { return nil }
        self = .exact(minutes)
    }

    package var exact: ExactDecimal? {
        if case let .exact(minutes) = self { return minutes }
        return nil
    }

    package var settingText: String {
        switch self {
        case let .exact(minutes): minutes.settingText
        case .open: Self.openText
        }
    }

    package var tomlLiteral: String {
        switch self {
        case let .exact(minutes): minutes.tomlLiteral
        case .open: TOMLString.literal(Self.openText)
        }
    }

    /// A number of minutes as a number, `open` as its word.
    package var member: MemberValue { exact?.member ?? .text(Self.openText) }

    package var description: String { settingText }
}
