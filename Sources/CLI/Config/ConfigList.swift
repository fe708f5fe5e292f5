import ArgumentParser
import Foundation
import Localization
import Settings

/// `meditate config list`: every setting, its value and where the value comes from.
struct ConfigList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: localized(
            "Every setting with its value and where it comes from.",
            de: "Jede Einstellung mit ihrem Wert und seiner Herkunft."))

    func run() throws {
        let settings = try Settings.load()
        let rows = SettingKeys.all.filter(\.belongsInConfig).map { setting in
            let (text, source) = settings.describe(setting)
            let assignment =
                text.map { "\(setting.name) = \(setting.tomlLiteral(canonical: $0))" }
                ?? "# \(setting.name) \(localized("(not set)", de: "(nicht gesetzt)"))"
            let summary = Language.current == .de ? setting.summary.text : setting.summary.text.lowercasedFirst
            return (assignment, "# \(source), \(summary)")
        }
        let width = rows.map(\.0.count).max() ?? 0
        for (assignment, note) in rows {
            print(assignment.padding(toLength: width + 2, withPad: " ", startingAt: 0) + note)
        }
    }
}
