import Control
import Foundation
import Library
import Practice
import Session
import Settings

/// The last timer's sit, as the page's "Again" starts it anew: the sit.start params its history
/// note's parts describe (`SitDescription.sit(described:)`), checked as the request would be (a
/// note is text from a file); what the note does not keep (the gongs, a bed named before notes
/// kept its source) comes from config.toml then.
enum LastSit {
    /// The longest note read: what the service writes of a sit of the most segments is some
    /// 30 KB; a row of megabytes is not a sit's (parsed, 100,000 parts took 8 s).
    static let longestNote = 64 * 1024

    static func json(_ session: PracticeSession) -> JSONValue? {
        guard session.kind == .timer, session.note.utf8.count <= longestNote,
            let parts = NoteText.parts(of: session.note), let request = SitDescription.sit(described: parts)
        else { return nil }
        // What "Again" would start is checked as the request would be: a plan is made of it
        // (a tampered row said minutes 1e308 and a bell every 1e300 minutes).
        guard let settings = try? Settings.builtIn(), (try? SessionPlan(request.configuration(settings))) != nil,
            let params = try? JSONValue(encoding: request)
        else { return nil }
        // A part without the values its words need would be said with their placeholders.
        let description = NoteText.readable(session.note)
        guard !description.contains("{") else { return nil }
        return [
            "params": params, "description": .string(description),
            "descriptionParts": .array(parts.map { part in .object(part.mapValues(JSONValue.string)) })
        ]
    }
}
