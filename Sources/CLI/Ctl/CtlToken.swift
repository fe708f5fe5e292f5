import ArgumentParser
import Foundation
import Localization
import Settings

/// `meditate ctl token`: the pairing link for the page on the phone, again; `--new` makes a new
/// token; `--feed`, the calendar's address with its own token, which reads the calendar alone.
struct CtlToken: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: localized(
            "Show the pairing link for the WebSocket (`serve --listen`) again; --new makes a new token.",
            de: "Zeigt den Kopplungs-Link für den WebSocket (`serve --listen`) erneut; --new erzeugt ein neues Token."),
        discussion: localized(
            "With --new, the old token stops working: every page connected with it is disconnected and must pair again. With --feed, the calendar's address (/history.ics) with a token of its own that reads the calendar and nothing else: give a calendar program that one, never the pairing link.",
            de:
                "Mit --new gilt das alte Token nicht mehr: jede damit verbundene Seite wird getrennt und muss neu gekoppelt werden. Mit --feed die Adresse des Kalenders (/history.ics) mit einem eigenen Token, das nur den Kalender liest: diese bekommt ein Kalenderprogramm, nie den Kopplungs-Link."
        ))

    @Flag(
        name: .customLong("new"),
        help: .localized(
            "Replace the token; the old one stops working.", de: "Ersetzt das Token; das alte gilt nicht mehr."))
    var renew = false

    @Flag(
        help: .localized(
            "The calendar's address and token instead (with --new, a new calendar token).",
            de: "Stattdessen Adresse und Token des Kalenders (mit --new ein neues Kalender-Token)."))
    var feed = false

    @OptionGroup var options: CtlOptions

    @Flag(
        help: .localized(
            "Draw the pairing URL as a QR code even when stdout is not a terminal.",
            de: "Zeichnet die Kopplungs-URL als QR-Code, auch wenn stdout kein Terminal ist."))
    var qr = false

    func run() throws {
        if feed {
            try options.call(renew ? "feed.new" : "feed.show") { result in
                let url = result["url"]?.stringValue
                return localized("calendar", de: "Kalender") + ": " + (url ?? result["token"]?.stringValue ?? "")
            }
            return
        }
        try options.call(renew ? "token.new" : "token.show") { result in
            guard let url = result["url"]?.stringValue else {
                let what =
                    renew
                    ? localized("new pairing token", de: "neues Kopplungs-Token")
                    : localized("pairing token", de: "Kopplungs-Token")
                return what + ": " + (result["token"]?.stringValue ?? "")
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
