import ArgumentParser
import Control
import Localization
import Settings

/// `meditate ctl seek --by -30` / `--to 90`: moves the guided track playing on the service.
struct CtlSeek: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seek",
        abstract: localized(
            "Move the guided track playing on the service: --by SECONDS (back when negative) or --to SECONDS.",
            de:
                "Spult die laufende geführte Aufnahme im Dienst: --by SEKUNDEN (zurück wenn negativ) oder --to SEKUNDEN."
        ))

    @Option(
        parsing: .unconditional,
        help: .localized(
            "Seconds on (back when negative).", de: "Sekunden vor (zurück wenn negativ).", valueName: "seconds"))
    var by: Double?

    @Option(help: .localized("Seconds into the track.", de: "Sekunden in die Aufnahme.", valueName: "seconds"))
    var to: Double?

    @OptionGroup var options: CtlOptions

    func validate() throws {
        guard (by == nil) != (to == nil) else {
            throw ValidationError(localized("give --by or --to", de: "gib --by oder --to an"))
        }
    }

    func run() throws {
        var params: [String: JSONValue] = [:]
        if let by { params["by"] = .finite(by) }
        if let to { params["to"] = .finite(to) }
        try options.call("seek", .object(params)) { _ in localized("moving", de: "spule") }
    }
}
