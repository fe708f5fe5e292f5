import Control
import Session
import Settings

/// What a session is, in words: the text in the service's language (the log, the history),
/// and the same as the catalogue's message keys with their values, so that a client in another
/// language (the phone's page) says it in its own: `[{"key":"sitMinutes","minutes":"20"},
/// {"key":"noisePink"}]`, or `{"text": …}` for what is not a message (a track's title).
struct SessionNote {
    let text: String
    let parts: [JSONValue]
    /// A guided track's title and teacher, for the clients that show a title and an artist
    /// (the desktop's player).
    var title: String?
    var teacher: String?

    /// One message part.
    static func part(_ key: MessageKey, _ values: [String: String] = [:]) -> JSONValue {
        var members = values.mapValues(JSONValue.string)
        members["key"] = .string(key.rawValue)
        return .object(members)
    }

    /// The note as the history keeps it (`NoteText`): the parts, read in the reader's language.
    var stored: String {
        NoteText.stored(
            parts.compactMap { part in
                guard case let .object(members) = part else { return nil }
                return members.compactMapValues(\.stringValue)
            })
    }

    /// A sit of `minutes` after a guided track, as a part.
    static func then(_ minutes: ExactDecimal) -> JSONValue {
        part(
            .sitThen,
            ["minutes": minutes.description, "length": DurationText.words(seconds: minutes.rounded(times: 60))])
    }

    /// A part that is said as it is.
    static func text(_ text: String) -> JSONValue { ["text": .string(text)] }
}
