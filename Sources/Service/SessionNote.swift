import Control
import Settings

/// What a session is, in words: the text in the service's language (the log, the history),
/// and the same as the catalogue's message keys with their values, so that a client in another
/// language (the phone's page) says it in its own: `[{"key":"sitMinutes","minutes":"20"},
/// {"key":"noisePink"}]`, or `{"text": …}` for what is not a message (a track's title).
struct SessionNote {
    let text: String
    let parts: [JSONValue]

    /// One message part.
    static func part(_ key: MessageKey, _ values: [String: String] = [:]) -> JSONValue {
        var members = values.mapValues(JSONValue.string)
        members["key"] = .string(key.rawValue)
        return .object(members)
    }

    /// A part that is said as it is.
    static func text(_ text: String) -> JSONValue { ["text": .string(text)] }
}
