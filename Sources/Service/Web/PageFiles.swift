import Control
import Foundation
import Localization
import Session
import Settings

/// The phone's page as the service serves it: the files of the repository's `Web/` folder
/// (installed as `web` beside the sounds, found the same way), and `/messages.json`, every
/// message of the CLI's catalogue in both languages, so that the page says what the terminal
/// says, by the same keys.
package enum PageFiles {
    /// The page's own files; anything else in the folder is not served.
    static let names = ["index.html", "app.js", "style.css", "icon.svg"]

    /// The page, and the folder it was read from; no page at all (and nil) when no folder
    /// holds its `index.html`.
    package static func load(locator: SoundLocator = .ofThisProcess) -> (pages: WebPages, folder: String?) {
        let folders = locator.candidates(installedAs: "web", inSourceTree: "Web", variable: "MEDITATE_WEB")
        guard let folder = folders.first(where: { FileManager.default.isReadableFile(atPath: $0 + "/index.html") })
        else { return (WebPages(), nil) }
        var pages: [String: WebPages.Page] = [:]
        for name in names {
            guard let type = WebPages.contentType(ofFileNamed: name),
                let text = try? TextFile.read(folder + "/" + name, maxBytes: 1 << 20)
            else { continue }
            pages["/" + name] = WebPages.Page(contentType: type, body: Array(text.utf8))
        }
        pages["/messages.json"] = WebPages.Page(
            contentType: "application/json; charset=utf-8", body: Array(messages().line.utf8))
        return (WebPages(pages), folder)
    }

    /// `{"en": {key: text}, "de": {…}}`.
    static func messages() -> JSONValue {
        func table(_ messages: [MessageKey: String]) -> JSONValue {
            .object(Dictionary(uniqueKeysWithValues: messages.map { ($0.key.rawValue, JSONValue.string($0.value)) }))
        }
        return ["en": table(Language.en.messages), "de": table(Language.de.messages)]
    }
}
