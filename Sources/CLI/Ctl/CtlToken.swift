import ArgumentParser

/// `meditate ctl token --new`: a new pairing token for the page on the phone.
struct CtlToken: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: localized(
            "Make a new pairing token for the WebSocket (`serve --listen`); the old one stops working.",
            de: "Erzeugt ein neues Kopplungs-Token für den WebSocket (`serve --listen`); das alte gilt nicht mehr."),
        discussion: localized(
            "Every page connected with the old token is disconnected and must pair again. Only the token's hash is kept: this is the one time it is shown.",
            de:
                "Jede mit dem alten Token verbundene Seite wird getrennt und muss neu gekoppelt werden. Nur der Hash des Tokens wird gespeichert: dies ist das einzige Mal, dass es gezeigt wird."
        ))

    @Flag(
        name: .customLong("new"),
        help: .localized("Replace the token (required).", de: "Ersetzt das Token (erforderlich)."))
    var renew = false

    @OptionGroup var options: CtlOptions

    func validate() throws {
        guard renew else {
            throw ValidationError(
                localized(
                    "nothing to do: --new makes a new token", de: "nichts zu tun: --new erzeugt ein neues Token"))
        }
    }

    func run() throws {
        try options.call("token.new") { result in
            if let url = result["url"]?.stringValue {
                return localized("pair a phone", de: "ein Telefon koppeln") + ": " + url
            }
            return localized("new pairing token", de: "neues Kopplungs-Token") + ": "
                + (result["token"]?.stringValue ?? "")
        }
    }
}
