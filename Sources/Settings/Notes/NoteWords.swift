import Session

/// How the history's note of a sit says one setting of its sounds ("bells every 5 min"), and how
/// "Again" reads the value back from the note: declared with the setting (`SettingKeys`) and
/// walked by the note's writer and reader, so that an option that shows in the history needs no
/// code of its own there.
package struct NoteWords: Sendable {
    /// One part of a note: a message key and its values.
    package typealias Part = (key: MessageKey, values: [String: String])

    /// What the note says of a sit with the setting's value (nothing when it has none).
    package let parts: @Sendable (NotedSit) -> [Part]
    /// The value to ask for again, as the setting's canonical text.
    package let reading: @Sendable (NoteParts) -> NoteReading

    package init(
        parts: @escaping @Sendable (NotedSit) -> [Part], reading: @escaping @Sendable (NoteParts) -> NoteReading
    ) {
        self.parts = parts
        self.reading = reading
    }
}
