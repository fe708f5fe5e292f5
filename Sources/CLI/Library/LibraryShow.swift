import ArgumentParser
import Foundation
import Library
import Localization
import Practice
import Settings

/// `meditate library show ID`
struct LibraryShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: localized(
            "Show everything the library knows of one track.",
            de: "Zeigt alles, was die Bibliothek über eine Aufnahme weiß."))

    @Argument(
        help: .localized(
            "The track: its id, the start of its title, or its path.",
            de: "Die Aufnahme: ihre ID, der Anfang ihres Titels oder ihr Pfad.", valueName: "track"))
    var reference: String

    @Flag(help: .localized("As JSON.", de: "Als JSON."))
    var json = false

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let track = try TrackLibrary(database: location.open()).resolve(reference)
        if json {
            print(try TrackJSON.text(of: TrackJSON(track)))
            return
        }
        let none = localized("none", de: "keiner")
        let edited = { (tag: String?) in
            localized("  (edited; tag: \(tag ?? none))", de: "  (geändert; Tag: \(tag ?? none))")
        }
        let silent = localized("silent", de: "still")
        let language = Language.current
        let channels =
            track.channels == 1 ? "mono" : localized("\(track.channels) channels", de: "\(track.channels) Kanäle")
        let rows: [(String, String)] = [
            ("id", "#\(track.id ?? 0)"),
            (localized("title", de: "Titel"), track.title + (track.editedTitle != nil ? edited(track.tagTitle) : "")),
            (
                localized("teacher", de: "Lehrer:in"),
                track.shownTeacher + (track.editedTeacher != nil ? edited(track.tagArtist) : "")
            ),
            ("album", track.tagAlbum ?? "-"),
            (
                localized("duration", de: "Dauer"),
                ClockText.format(seconds: Int(track.duration.rounded()))
                    + localized(
                        "  (\(track.frames) frames at \(track.sampleRate) Hz, \(channels))",
                        de: "  (\(track.frames) Frames bei \(track.sampleRate) Hz, \(channels))")
            ),
            (
                localized("loudness", de: "Lautheit"),
                track.loudness.map { language.decimal(String(format: "%.1f", $0)) + " LUFS" } ?? silent
            ),
            (
                localized("peak", de: "Spitze"),
                track.peak > 0 ? language.decimal(String(format: "%.1f", 20 * log10(track.peak))) + " dBFS" : silent
            ),
            (
                localized("file", de: "Datei"),
                track.path
                    + (track.copied
                        ? localized("  (a copy in the library)", de: "  (eine Kopie in der Bibliothek)") : "")
            )
        ]
        let width = (rows.map(\.0.count).max() ?? 0) + 1
        for (name, value) in rows { print("\(name.padding(toLength: width, withPad: " ", startingAt: 0)) \(value)") }
    }
}
