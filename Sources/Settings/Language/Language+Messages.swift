import Localization

extension Language {
    /// Every shared message in this language (the page's `/messages.json`).
    package var messages: [MessageKey: String] {
        messageTable.mapValues { self == .de ? $0.german : $0.english }
    }
}

/// The text of a message in the run's language, with `{name}` placeholders filled in.
package func say(_ key: MessageKey, _ values: [String: any CustomStringConvertible] = [:]) -> String {
    var text = messageTable[key]?.text ?? key.rawValue
    for (name, value) in values {
        text = text.replacingOccurrences(of: "{\(name)}", with: value.description)
    }
    return text
}
