import Localization

/// The members of a request's params, each read with the parser its option has on the command
/// line: one parser and one line for a bad value, whether it came as `--minutes abc` or as
/// `{"minutes": "abc"}`. A member that is no option of the request is refused by name.
package struct RequestMembers {
    package struct Key: CodingKey {
        package let stringValue: String
        package var intValue: Int? { nil }
        package init(_ name: String) { stringValue = name }
        package init?(stringValue: String) { self.stringValue = stringValue }
        package init?(intValue: Int) { nil }
    }

    private let container: KeyedDecodingContainer<Key>

    /// Reads `decoder`'s object, refusing a member that none of `options` names.
    package init(_ decoder: any Decoder, options: [RequestOption]) throws {
        do {
            container = try decoder.container(keyedBy: Key.self)
        } catch {
            throw RequestRefusal(
                localized(
                    "the options are an object, e.g. {\"minutes\": 20}",
                    de: "die Optionen sind ein Objekt, z. B. {\"minutes\": 20}"))
        }
        let names = Set(options.map(\.name))
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !names.contains($0) }) {
            // In the command line's words for the option it would be there.
            throw RequestRefusal(ParserMessages.error("Unknown option '--\(ShownValue.short(unknown))'"))
        }
    }

    /// The member's value as its setting's type reads it (a number as a number, a text as the
    /// option parses it); nil when it is not given. A value whose refusal can say why
    /// (`ExplainedValue`) says it, as its option does on the command line.
    package func value<Value: SettingValue>(_ option: RequestOption) throws -> Value? {
        guard let member = try member(option) else { return nil }
        if let explained = Value.self as? any ExplainedValue.Type {
            guard let text = member.words else { throw RequestRefusal.invalid(member.shown, option: option) }
            do {
                // The cast cannot fail: `explained` is `Value`'s own type.
                guard let value = try explained.explained(text) as? Value else { return nil }
                return value
            } catch {
                throw RequestRefusal.invalid(text, option: option, reason: error)
            }
        }
        guard let value = Value(member: member) else { throw RequestRefusal.invalid(member.shown, option: option) }
        return value
    }

    private func member(_ option: RequestOption) throws -> MemberValue? {
        // Present as null is "none", not absent (which `decodeIfPresent` would make of it).
        guard container.contains(option.key) else { return nil }
        return try container.decode(MemberValue.self, forKey: option.key)
    }

    /// A flag's member: true or false (or their words, as a setting takes them).
    package func flag(_ option: RequestOption) throws -> Bool? {
        try value(option)
    }
}
