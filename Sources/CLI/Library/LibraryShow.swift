import ArgumentParser
import Foundation
import Library

/// `meditate library show ID`
struct LibraryShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show everything the library knows of one track.")

    @Argument(help: ArgumentHelp("The track: its id, the start of its title, or its path.", valueName: "track"))
    var reference: String

    @Flag(help: "As JSON.")
    var json = false

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let track = try TrackLibrary(database: location.open()).resolve(reference)
        if json {
            print(try TrackJSON.text(of: TrackJSON(track)))
            return
        }
        let rows: [(String, String)] = [
            ("id", "#\(track.id ?? 0)"),
            ("title", track.title + (track.editedTitle != nil ? "  (edited; tag: \(track.tagTitle ?? "none"))" : "")),
            ("teacher", track.teacher + (track.editedTeacher != nil ? "  (edited; tag: \(track.tagArtist ?? "none"))" : "")),
            ("album", track.tagAlbum ?? "-"),
            ("duration", ClockText.format(seconds: Int(track.duration.rounded()))
                + "  (\(track.frames) frames at \(track.sampleRate) Hz, \(track.channels == 1 ? "mono" : "\(track.channels) channels"))"),
            ("loudness", track.loudness.map { String(format: "%.1f LUFS", $0) } ?? "silent"),
            ("peak", track.peak > 0 ? String(format: "%.1f dBFS", 20 * log10(track.peak)) : "silent"),
            ("file", track.path + (track.copied ? "  (a copy in the library)" : "")),
        ]
        for (name, value) in rows { print("\(name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(value)") }
    }
}
