import Localization

/// A request member's value as the client sent it: a number stays a number and a list a list,
/// each read by its setting's type (`SettingValue.init?(member:)`), never written out as text to
/// be parsed again. Null is `none` (a setting that may be turned off this time).
package enum MemberValue: Decodable, Sendable, Equatable {
    case none
    case flag(Bool)
    case number(Double)
    case text(String)
    case list([MemberValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .none
        } else if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else if let number = try? container.decode(Double.self), number.isFinite {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let items = try? container.decode([MemberValue].self) {
            self = .list(items)
        } else {
            throw RequestRefusal(
                localized(
                    "an option's value is a number, a text, a list or (a flag) true or false",
                    de: "der Wert einer Option ist eine Zahl, ein Text, eine Liste oder (ein Schalter) true oder false")
            )
        }
    }

    /// The value as a refusal quotes it: a text as it is, a number as JSON writes it.
    package var shown: String {
        switch self {
        case .none: "none"
        case let .flag(flag): flag ? "true" : "false"
        case let .number(number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : number.description
        case let .text(text): text
        case let .list(items): items.map(\.shown).joined(separator: ",")
        }
    }

    /// The words of a value that only words name (`"3-10"`, `["sit 25", "walk 10"]`): a text,
    /// `none`, or a list of texts as the command line would join them; nil for a number or a flag.
    package var words: String? {
        switch self {
        case .none: "none"
        case let .text(text): text
        case let .list(items):
            items.allSatisfy { if case .text = $0 { true } else { false } }
                ? items.map(\.shown).joined(separator: ", ") : nil
        case .flag, .number: nil
        }
    }
}
