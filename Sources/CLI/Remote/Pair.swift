import ArgumentParser
import Control
import Foundation
import Localization
import Settings

/// `meditate pair LINK`: keeps another machine's service and its token, after asking that service
/// who it is (`/service.json`) and then whether it takes the token: a token that works, kept
/// under the service's own id.
struct Pair: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: localized(
            "Pair with a service on another machine: keep its token, given its link.",
            de: "Mit einem Dienst auf einem anderen Rechner koppeln: sein Token behalten, anhand seines Links."),
        discussion: localized(
            "LINK is what `meditate ctl token` shows on that machine (http://HOST:PORT/?token=…), or what its QR code holds. The token is kept in remotes.json beside config.toml, readable by you alone; `meditate discover` then says the service is paired.",
            de:
                "LINK ist, was `meditate ctl token` auf jenem Rechner zeigt (http://HOST:PORT/?token=…), oder was sein QR-Code enthält. Das Token wird in remotes.json neben config.toml behalten, nur für dich lesbar; `meditate discover` sagt dann, dass der Dienst gekoppelt ist."
        ))

    @Argument(help: .localized("The service's pairing link.", de: "Der Kopplungs-Link des Dienstes."))
    var link: String

    @Flag(
        help: .localized(
            "Replace a pairing of another device at the same address without asking (for scripts).",
            de: "Ersetzt eine Kopplung eines anderen Geräts unter derselben Adresse ohne Nachfrage (für Skripte)."
        ))
    var replace = false

    func run() throws {
        let pairing = try PairingLink(link)
        // Who answers, asked first without the token; then the token, asked to that service.
        let (id, said) = try RemoteConnection.identity(host: pairing.host, port: pairing.port)
        try RemoteConnection.checkToken(host: pairing.host, port: pairing.port, token: pairing.token)
        let name = said ?? pairing.address
        var store = try RemoteStore.load()
        // Another device paired at this address (its address given to this one since): `--host`
        // with the address would find one of the two, so the new one replaces it, once the
        // person says so.
        let replaced = store.remotes.filter { other in
            other.id != id
                && URLComponents(string: other.url).map { HostPort.authority(host: $0.host ?? "", port: $0.port ?? 80) }
                    == pairing.address
        }
        if let other = replaced.first, !replace {
            let question = localized(
                "'\(other.name)', another device, is paired at \(pairing.address); replace it?",
                de: "'\(other.name)', ein anderes Gerät, ist unter \(pairing.address) gekoppelt; ersetzen?")
            guard Terminal.isInteractive else {
                throw ValidationError(
                    localized(
                        "'\(other.name)', another device, is paired at \(pairing.address); --replace replaces it",
                        de:
                            "'\(other.name)', ein anderes Gerät, ist unter \(pairing.address) gekoppelt; --replace ersetzt es"
                    ))
            }
            StandardStream.write(question + localized(" [y/N] ", de: " [j/N] "), to: STDOUT_FILENO)
            let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard ["y", "yes", "j", "ja"].contains(answer) else {
                print(localized("kept the pairing as it was", de: "Kopplung bleibt, wie sie war"))
                return
            }
        }
        store.forget(replaced.map(\.id))
        store.keep(RemoteStore.Remote(id: id, name: name, url: pairing.url, token: pairing.token))
        try store.save()
        print(
            localized(
                "paired with '\(name)' at \(pairing.address)", de: "mit '\(name)' unter \(pairing.address) gekoppelt"))
    }
}
