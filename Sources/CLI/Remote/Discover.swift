import ArgumentParser
import Control
import Desktop
import Foundation
import Localization
import Service
import Settings

/// `meditate discover`: the meditate services on the local network, as Avahi finds them.
struct Discover: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: localized(
            "List the meditate services on the local network (through Avahi).",
            de: "Listet die meditate-Dienste im lokalen Netz (über Avahi)."),
        discussion: localized(
            "A service announces itself when it listens beyond loopback (`meditate serve --listen 0.0.0.0:8080`). Each is listed with its host, addresses, port and version, and whether this machine is paired with it (`meditate pair`).",
            de:
                "Ein Dienst kündigt sich an, wenn er über Loopback hinaus lauscht (`meditate serve --listen 0.0.0.0:8080`). Jeder wird mit Rechner, Adressen, Port und Version gelistet, und ob dieser Rechner mit ihm gekoppelt ist (`meditate pair`)."
        ))

    @Flag(help: .localized("JSON, for scripts.", de: "JSON, für Skripte."))
    var json = false

    @Option(
        help: .localized(
            "How long to listen for answers (0.5–30).", de: "Wie lange auf Antworten gewartet wird (0,5–30).",
            valueName: "seconds"))
    var wait = 3.0

    func validate() throws {
        guard wait.isFinite, (0.5...30).contains(wait) else {
            throw ValidationError(
                localized(
                    "--wait takes 0.5 to 30 seconds, not \(wait)",
                    de: "--wait nimmt 0,5 bis 30 Sekunden, nicht \(Language.de.decimal(String(wait)))"))
        }
    }

    func run() throws {
        let found: [AvahiBrowser.Found]
        switch AvahiBrowser.browse(type: ServiceAnnouncement.serviceType, seconds: wait) {
        case let .success(services): found = services
        case let .failure(error):
            // A script reading --json still gets JSON: nothing found, and why on stderr.
            if json { print(JSONValue.array([]).line) }
            throw RemoteError.noAvahi(reason: error.description)
        }
        let store = try RemoteStore.load()
        func paired(_ service: AvahiBrowser.Found) -> Bool {
            service.txt["id"].map { store.remote(id: $0) != nil } ?? false
        }
        if json {
            let list = found.map { service -> JSONValue in
                [
                    "name": .string(service.name), "host": .string(service.host),
                    "addresses": .array(service.addresses.map(JSONValue.string)), "port": .number(service.port),
                    "id": .string(service.txt["id"] ?? ""), "version": .string(service.txt["version"] ?? ""),
                    "api": .string(service.txt["api"] ?? ""), "path": .string(service.txt["path"] ?? ""),
                    "paired": .bool(paired(service))
                ]
            }
            print(JSONValue.array(list).line)
            return
        }
        guard !found.isEmpty else {
            let seconds = Language.current.decimal(String(format: "%g", wait))
            StandardStream.write(
                "meditate: "
                    + localized(
                        "no meditate service answered on the network within \(seconds) s",
                        de: "kein meditate-Dienst hat im Netz binnen \(seconds) s geantwortet") + "\n",
                to: STDERR_FILENO)
            return
        }
        // What Avahi says is what any machine on the network announced: shown safely.
        let shown = TerminalText.escapingControls
        let nameWidth = found.map { shown($0.name).count }.max() ?? 0
        for service in found {
            var columns = [
                shown(service.name).padded(nameWidth), shown(service.host),
                service.addresses.map(shown).joined(separator: ", "), localized("port", de: "Port") + " \(service.port)"
            ]
            if let version = service.txt["version"], !version.isEmpty { columns.append(shown(version)) }
            if paired(service) { columns.append(localized("paired", de: "gekoppelt")) }
            print(columns.joined(separator: "  "))
        }
    }
}
