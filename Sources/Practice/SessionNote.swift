import Control
import Session
import Settings

/// What a session is, in words: the text in the service's language (the log, the history),
/// and the same as the catalogue's message keys with their values, so that a client in another
/// language (the phone's page) says it in its own: `[{"key":"sitMinutes","minutes":"20"},
/// {"key":"noisePink"}]`, or `{"text": …}` for what is not a message (a track's title).
package struct SessionNote {
    package let text: String
    package let parts: [JSONValue]
    /// A guided track's title and teacher, for the clients that show a title and an artist
    /// (the desktop's player).
    package var title: String?
    package var teacher: String?
    /// The content hash of the library track a guided session plays (a course's progress).
    package var track: String?

    package init(
        text: String, parts: [JSONValue], title: String? = nil, teacher: String? = nil, track: String? = nil
    ) {
        self.text = text
        self.parts = parts
        self.title = title
        self.teacher = teacher
        self.track = track
    }

    /// One message part.
    package static func part(_ key: MessageKey, _ values: [String: String] = [:]) -> JSONValue {
        var members = values.mapValues(JSONValue.string)
        members["key"] = .string(key.rawValue)
        return .object(members)
    }

    /// The note as the history keeps it (`NoteText`): the parts, read in the reader's language.
    package var stored: String {
        NoteText.stored(
            parts.compactMap { part in
                guard case let .object(members) = part else { return nil }
                return members.compactMapValues(\.stringValue)
            })
    }

    /// A sit of `minutes` after a guided track, as a part.
    package static func then(_ minutes: ExactDecimal) -> JSONValue {
        part(
            .sitThen,
            ["minutes": minutes.description, "length": DurationText.words(seconds: minutes.rounded(times: 60))])
    }

    /// A part that is said as it is.
    package static func text(_ text: String) -> JSONValue { ["text": .string(text)] }
}
