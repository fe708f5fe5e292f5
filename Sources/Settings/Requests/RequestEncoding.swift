/// Writes a request's members as a client sends them: each value as its setting's text
/// (`"20"`, `"none"`, `"5,12.5"`), so that nothing is rounded on the way, and flags as true
/// or false.
struct RequestEncoding {
    private var container: KeyedEncodingContainer<RequestMembers.Key>

    init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: RequestMembers.Key.self)
    }

    mutating func text(_ option: RequestOption, _ text: String?) throws {
        try container.encodeIfPresent(text, forKey: option.key)
    }

    mutating func value(_ option: RequestOption, _ value: (some SettingValue)?) throws {
        try container.encodeIfPresent(value?.settingText, forKey: option.key)
    }

    mutating func flag(_ option: RequestOption, _ value: Bool?) throws {
        try container.encodeIfPresent(value, forKey: option.key)
    }
}
