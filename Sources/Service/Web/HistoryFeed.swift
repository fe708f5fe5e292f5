import Control
import Foundation
import Library
import Localization
import Logging
import Practice

/// `/history.ics`: the history as a calendar a calendar program subscribes to (with the token in
/// its address, as the page's link has it). Its words are in the language the address asks for
/// (`?lang=de`), else the one the calendar program's `Accept-Language` puts first, else the
/// service's own. It is sent as it is read, a batch of sits at a time.
///
/// Thread: the web listener's worker, which opens the library for each request: it never reads
/// on the control thread, and a large history keeps no client of the protocol waiting.
package enum HistoryFeed {
    package static let path = "/history.ics"

    package static func feed(library: LibraryPaths, logger: Logger) -> WebFeed {
        let fallback = Language.current
        return WebFeed(contentType: "text/calendar; charset=utf-8") { request, write in
            let language = language(for: request) ?? fallback
            do {
                let database = try LibraryDatabase(paths: library)
                // A batch of sits at a time, as the library reads them: a history of a million
                // sits is never held whole.
                guard write(Array(PracticeCalendar.head(language: language).utf8)) else { return true }
                var going = true
                try database.eachPractice { sessions in
                    going = write(Array(PracticeCalendar.events(sessions, language: language).utf8))
                    return going
                }
                if going { _ = write(Array(PracticeCalendar.tail.utf8)) }
                return true
            } catch {
                logger.error("\(path): \(FailureLine.line(for: error))")
                return false
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
