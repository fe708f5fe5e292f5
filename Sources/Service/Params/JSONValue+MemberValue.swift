import Control
import Settings

extension JSONValue {
    /// A setting's value as a reply gives it: a number as a number, `none` as null.
    init(_ member: MemberValue) {
        switch member {
        case .none: self = .null
        case let .flag(flag): self = .bool(flag)
        case let .number(number): self = .finite(number)
        case let .text(text): self = .string(text)
        case let .list(items): self = .array(items.map(JSONValue.init))
        }
    }
}
