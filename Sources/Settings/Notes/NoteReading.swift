/// What a note says of one setting, read back for "Again".
package enum NoteReading: Equatable, Sendable {
    /// The value, as the setting's canonical text (`none` when the note says the sit had none).
    case given(String)
    /// Nothing to ask for: the setting's standing value comes instead.
    case notGiven
    /// A part no option takes: a tampered note, not a sit to start again.
    case unreadable

    /// The note says the sit had none.
    static let noneGiven = NoteReading.given(Setting<String>.noneText)

    /// The part of `key` read as a setting's text with `read`; `none` when the note has no such
    /// part, unreadable when its value is not one.
    static func value(
        of key: MessageKey, _ name: String, in parts: NoteParts, _ read: (String) -> String?
    ) -> NoteReading {
        guard let part = parts.first(key) else { return .noneGiven }
        guard let text = part[name].flatMap(read) else { return .unreadable }
        return .given(text)
    }
}
