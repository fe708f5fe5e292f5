import ArgumentParser
import Foundation
import Library

/// `meditate library list`
struct LibraryList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: localized("List the tracks, grouped by teacher, with durations.",
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
            print(localized("The library is empty; add guided meditations with `meditate library import PATH`.",
                            de: "Die Bibliothek ist leer; füge geführte Meditationen mit `meditate library import PFAD` hinzu."))
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

/// A track as scripts see it (`--json`).
struct TrackJSON: Codable, Equatable {
    let id: Int64
    let title: String
    let teacher: String
    let album: String?
    let durationSeconds: Double
    let frames: Int64
    let sampleRate: Int
    let channels: Int
    let loudnessLUFS: Double?
    let peak: Double
    let path: String
    let copied: Bool

    init(_ track: Track) {
        id = track.id ?? 0
        title = track.title
        teacher = track.teacher
        album = track.tagAlbum
        durationSeconds = track.duration
        frames = track.frames
        sampleRate = track.sampleRate
        channels = track.channels
        loudnessLUFS = track.loudness.map { ($0 * 100).rounded() / 100 }
        peak = track.peak
        path = track.path
        copied = track.copied
    }

    static func text<T: Encodable>(of value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
