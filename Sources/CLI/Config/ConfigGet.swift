import ArgumentParser
import Foundation
import Localization
import Practice
import Settings

/// `meditate config get KEY`: the value in effect, as a script wants it.
struct ConfigGet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: localized(
            "Print the value a setting has now (nothing, exit 1, when it has none).",
            de: "Gibt den aktuellen Wert einer Einstellung aus (nichts und Status 1, wenn sie keinen hat)."))

    @Argument(help: ConfigKey.help)
    var key: String

    func run() throws {
        let setting = try ConfigKey.named(key, origin: "config get")
        guard let text = try Settings.load().describe(setting).text else {
            throw ExitCode(FailureStatus.failure.rawValue)
        }
        print(text)
    }
}
