import ArgumentParser
import Foundation
import Library
import Localization
import Practice
import Settings

/// `meditate library check`
struct LibraryCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: localized(
            "Report tracks whose files are missing or have changed since import.",
            de: "Meldet Aufnahmen, deren Dateien fehlen oder sich seit dem Import geändert haben."),
        discussion: localized(
            "Exits 1 when there is something to report.", de: "Endet mit Status 1, wenn es etwas zu melden gibt."))

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let library = TrackLibrary(database: try location.open())
        let problems = try library.check()
        for problem in problems { print(problem.line) }
        let count = try library.allTracks().count
        if problems.isEmpty {
            print(
                localized(
                    "all \(count) tracks are where they were and unchanged",
                    de: "alle \(count) Aufnahmen sind, wo sie waren, und unverändert"))
        } else {
            throw ExitCode(FailureStatus.failure.rawValue)
        }
    }
}
