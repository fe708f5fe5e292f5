import ArgumentParser
import Control
import Foundation
import Localization

/// `meditate pair LINK`: keeps another machine's service and its token, after asking that service
/// with it who it is (`/service.json`): a token that works, kept under the service's own id.
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

    func run() throws {
        let pairing = try PairingLink(link)
        let (id, said) = try RemoteConnection.identity(host: pairing.host, port: pairing.port, token: pairing.token)
        let name = said ?? pairing.address
        var store = try RemoteStore.load()
        store.keep(RemoteStore.Remote(id: id, name: name, url: pairing.url, token: pairing.token))
        try store.save()
        print(
            localized(
                "paired with '\(name)' at \(pairing.address)", de: "mit '\(name)' unter \(pairing.address) gekoppelt"))
    }
}
