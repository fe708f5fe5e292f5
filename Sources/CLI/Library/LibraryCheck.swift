import ArgumentParser
import Foundation
import Library

/// `meditate library check`
struct LibraryCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report tracks whose files are missing or have changed since import.",
        discussion: "Exits 1 when there is something to report.")

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let library = TrackLibrary(database: try location.open())
        let problems = try library.check()
        for problem in problems { print(problem.line) }
        let count = try library.allTracks().count
        if problems.isEmpty {
            print("all \(count) tracks are where they were and unchanged")
        } else {
            throw ExitCode(1)
        }
    }
}
