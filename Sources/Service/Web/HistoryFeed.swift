import Control
import Foundation
import Library
import Localization
import Logging
import Practice

/// `/history.ics`: the history as a calendar a calendar program subscribes to (with the token in
/// its address, as the page's link has it). Its words are in the language the address asks for
/// (`?lang=de`), else the one the calendar program's `Accept-Language` puts first, else the
/// service's own.
///
/// Thread: the web listener's worker, which opens the library for each request: it never reads
/// on the control thread, and a large history keeps no client of the protocol waiting.
package enum HistoryFeed {
    package static let path = "/history.ics"

    package static func feed(library: LibraryPaths, logger: Logger) -> WebFeed {
        let fallback = Language.current
        return WebFeed(contentType: "text/calendar; charset=utf-8") { request in
            let language = language(for: request) ?? fallback
            do {
                let sessions = try LibraryDatabase(paths: library).practice()
                return Array(PracticeCalendar.ics(sessions, language: language).utf8)
            } catch {
                logger.error("\(path): \(FailureLine.line(for: error))")
                return nil
            }
        }
    }

    /// `lang=de` in the query, else the first language of `Accept-Language` meditate speaks
    /// (`de-AT,de;q=0.9` → German); nil when neither names one.
    static func language(for request: WebFeed.Request) -> Language? {
        if let asked = request.query["lang"].flatMap(Language.init(rawValue:)) { return asked }
        for range in (request.acceptLanguage ?? "").split(separator: ",") {
            let tag = range.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            let primary = tag.split(separator: "-").first.map(String.init) ?? ""
            if let language = Language(rawValue: primary) { return language }
        }
        return nil
    }
}
