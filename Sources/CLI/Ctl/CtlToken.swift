import ArgumentParser
import Foundation
import Settings

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

    @Flag(
        help: .localized(
            "Draw the pairing URL as a QR code even when stdout is not a terminal.",
            de: "Zeichnet die Kopplungs-URL als QR-Code, auch wenn stdout kein Terminal ist."))
    var qr = false

    func run() throws {
        try options.call("token.new") { result in
            guard let url = result["url"]?.stringValue else {
                return localized("new pairing token", de: "neues Kopplungs-Token") + ": "
                    + (result["token"]?.stringValue ?? "")
            }
            var text = localized("pair a phone", de: "ein Telefon koppeln") + ": " + url
            // For a person at the terminal, the same as a code the phone's camera reads.
            if qr || isatty(STDOUT_FILENO) == 1, let code = TerminalQRCode.lines(of: url) {
                text += "\n" + code.joined(separator: "\n")
            }
            return text
        }
    }
}
