import ArgumentParser
import Foundation
import Library
import Localization
import Practice
import Settings

/// `meditate library list`
struct LibraryList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: localized(
            "List the tracks, grouped by teacher, with durations.",
            de: "Listet die Aufnahmen nach Lehrer:in, mit ihrer Dauer."))

    @Flag(help: .localized("One JSON array of tracks, for scripts.", de: "Ein JSON-Array der Aufnahmen, für Skripte."))
    var json = false

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let tracks = try TrackLibrary(database: location.open()).allTracks()
        if json {
            try StandardStream.output(TrackJSON.text(of: tracks.map(TrackJSON.init)) + "\n")
            return
        }
        if tracks.isEmpty {
            print(
                localized(
                    "The library is empty; add guided meditations with `meditate library import PATH`.",
                    de: "Die Bibliothek ist leer; füge geführte Meditationen mit `meditate library import PFAD` hinzu.")
            )
            return
        }
        let idWidth = tracks.map { "#\($0.id ?? 0)".count }.max() ?? 2
        var teacher: String?
        for track in tracks {
            if track.teacher != teacher {
                if teacher != nil { print("") }
                teacher = track.teacher
                print(track.shownTeacher)
            }
            let id = "#\(track.id ?? 0)".padding(toLength: idWidth, withPad: " ", startingAt: 0)
            let duration = ClockText.format(seconds: Int(track.duration.rounded()))
            print("  \(id)  \(duration.leftPadded(to: 8))  \(track.title)")
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
