import ArgumentParser
import Foundation
import Localization
import Session
import Settings

/// `meditate preset list`
struct PresetList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: localized("The presets and what they hold.", de: "Die Vorlagen und was sie enthalten."))

    func run() throws {
        PresetShelf.carryTables()
        let presets = try Settings.load().presets
        guard !presets.isEmpty else {
            StandardStream.write("meditate: \(say(.presetNoneYet))\n", to: STDERR_FILENO)
            return
        }
        let width = presets.keys.map(\.count).max() ?? 0
        for name in presets.keys.sorted() {
            let summary = PresetName.assignments(presets[name] ?? [:]).joined(separator: ", ")
            print(name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + summary)
        }
    }
}
