import ArgumentParser
import Control
import Localization
import Settings

/// `meditate ctl call METHOD [PARAMS]`: any method of the protocol, for scripts.
struct CtlCall: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: localized(
            "Call any method of the protocol and print its result as JSON (docs/protocol.md).",
            de: "Ruft eine beliebige Methode des Protokolls auf und gibt ihr Ergebnis als JSON aus (docs/protocol.md)."),
        discussion: """
              meditate ctl call history.list '{"newest": 5}'
              meditate ctl call stats
            """)

    @Argument(help: .localized("The method, e.g. stats.", de: "Die Methode, z. B. stats.", valueName: "method"))
    var method: String

    @Argument(
        help: .localized(
            "Its params, a JSON object (default {}).", de: "Ihre Parameter, ein JSON-Objekt (Standard {}).",
            valueName: "json"))
    var params: String?

    @OptionGroup var options: CtlOptions

    func run() throws {
        var parsed: JSONValue = [:]
        if let params {
            guard let value = JSONValue.parse(params), case .object = value else {
                throw ValidationError(
                    localized(
                        "the params must be a JSON object, e.g. '{\"newest\": 5}'",
                        de: "die Parameter müssen ein JSON-Objekt sein, z. B. '{\"newest\": 5}'"))
            }
            parsed = value
        }
        print(try options.connect().call(method, parsed).line)
    }
}
