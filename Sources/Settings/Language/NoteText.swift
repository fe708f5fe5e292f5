import Foundation
import Localization

/// A session's description as the history keeps it: the catalogue's message keys with their
/// values, `[{"key":"sitMinutes","minutes":"20","length":"20 min"},{"text":"Body scan"}]`, so
/// that it is read in the reader's language, not in the one it was sat in. A note that is not
/// such a list (rows written before, or imported from a CSV file) is plain text and shown as it is.
package enum NoteText {
    /// The note in the language of this run (or of the client being answered).
    package static func readable(_ stored: String) -> String {
        guard stored.hasPrefix("[{"), let parts = parts(of: stored) else { return stored }
        let language = Language.current
        return parts.map { part -> String in
            guard let name = part["key"] else { return unknownTeacherSaid(part["text"] ?? "") }
            guard let key = MessageKey(rawValue: name) else { return "" }
            var values = part
            values["key"] = nil
            return say(key, values.mapValues { language.decimal($0) })
        }.joined(separator: ", ")
    }

    /// A guided track's name as older versions kept it ("Title — Unknown teacher", in English
    /// whatever the reader's language), with that word in the reader's language.
    static func unknownTeacherSaid(_ text: String) -> String {
        let suffix = " — Unknown teacher"
        guard text.hasSuffix(suffix) else { return text }
        return text.dropLast(suffix.count) + " — " + localized("Unknown teacher", de: "Unbekannte Lehrer:in")
    }

    /// The parts of a stored note; nil when it is not a list of parts.
    package static func parts(of stored: String) -> [[String: String]]? {
        guard let data = stored.data(using: .utf8),
            let list = try? JSONSerialization.jsonObject(with: data) as? [[String: String]],
            !list.isEmpty, list.allSatisfy({ $0["key"] != nil || $0["text"] != nil })
        else { return nil }
        return list
    }

    /// The parts as the history stores them.
    package static func stored(_ parts: [[String: String]]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: parts, options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return parts.compactMap { $0["text"] }.joined(separator: ", ") }
        return text
    }
}
