import ArgumentParser
import Library
import Settings

/// A track's id as typed on the command line.
struct TrackID: ExpressibleByArgument {
    let value: Int64

    static var help: ArgumentHelp { .localized("The track's id.", de: "Die ID der Aufnahme.", valueName: "id") }

    init?(argument: String) {
        let digits = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
        guard let value = Int64(digits), value > 0 else { return nil }
        self.value = value
    }
}
