import ArgumentParser
import Foundation
import Localization
import Settings

/// `meditate config path`: where the file is.
struct ConfigPath: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path", abstract: localized("Print where config.toml is.", de: "Gibt aus, wo config.toml liegt."))

    func run() {
        print(ConfigFile.defaultPath())
    }
}
