/// A setting with no default that may also say "none this time": `--interval none` sits without
/// interval bells where config.toml or a preset sets them (as may `--bells ""`, and
/// `"interval": null` or `"none"` over the protocol).
package enum ClearableOption<Value: SettingValue & Equatable>: SettingValue, Equatable {
    case value(Value)
    case cleared

    package init?(settingText: String) {
        if Setting<Value>.meansNone(settingText) {
            self = .cleared
        } else if let value = Value(settingText: settingText) {
            self = .value(value)
        } else {
            return nil
        }
    }

    package init?(settingNumber: Double) {
        guard let value = Value(settingNumber: settingNumber) else { return nil }
        self = .value(value)
    }

    package init?(settingList: [MemberValue]) {
        guard let value = Value(settingList: settingList) else { return nil }
        self = .value(value)
    }

    /// The value given, if one was.
    package var value: Value? {
        if case let .value(value) = self { return value }
        return nil
    }

    /// As a preset or a request carries it: the value's text, or `none`.
    package var settingText: String {
        switch self {
        case let .value(value): value.settingText
        case .cleared: Setting<Value>.noneText
        }
    }

    package var tomlLiteral: String {
        switch self {
        case let .value(value): value.tomlLiteral
        case .cleared: TOMLString.literal(Setting<Value>.noneText)
        }
    }
}
