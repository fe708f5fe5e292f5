import ArgumentParser
import Decoders
import Foundation
import Library
import Localization
import Settings

/// `meditate library course create NAME TRACK…` (or `--from-folder FOLDER`): a course of those
/// tracks, day 1 the first.
struct LibraryCourseCreate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: localized(
            "Make a course of tracks, day 1 the first: their ids or titles, or the library's tracks in a folder.",
            de:
                "Macht einen Kurs aus Aufnahmen, Tag 1 die erste: ihre IDs oder Titel, oder die Aufnahmen der Bibliothek in einem Ordner."
        ),
        discussion: localized(
            "With --from-folder the days follow the files' track numbers (their tags; else the number a file's name begins with, as `03 Breath.mp3`), then their names; the files must have been imported (`meditate library import FOLDER`).",
            de:
                "Mit --from-folder folgen die Tage den Titelnummern der Dateien (aus ihren Tags; sonst der Zahl, mit der der Name einer Datei beginnt, wie `03 Atem.mp3`), dann ihren Namen; die Dateien müssen importiert sein (`meditate library import ORDNER`)."
        ))

    @Argument(help: .localized("The course's name.", de: "Der Name des Kurses.", valueName: "name"))
    var name: String

    @Argument(
        help: .localized(
            "The tracks in order: ids or the starts of titles.",
            de: "Die Aufnahmen der Reihe nach: IDs oder Titelanfänge.",
            valueName: "track"))
    var tracks: [String] = []

    @Option(
        help: .localized(
            "The library's tracks in this folder, in the order of their file names.",
            de: "Die Aufnahmen der Bibliothek in diesem Ordner, in der Reihenfolge ihrer Dateinamen.",
            valueName: "folder"))
    var fromFolder: String?

    @OptionGroup var location: LibraryLocation

    func validate() throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed == name, name.count <= Course.longestName,
            !name.contains(where: \.isNewline)
        else {
            throw ValidationError(
                localized(
                    "a course's name is a word or a few, at most \(Course.longestName) characters, on one line",
                    de:
                        "der Name eines Kurses ist ein Wort oder einige, höchstens \(Course.longestName) Zeichen, auf einer Zeile"
                ))
        }
        // `meditate course list` lists; a course of that name could never be taken.
        let commands = CourseCommand.configuration.subcommands.map { $0._commandName } + ["help"]
        guard !commands.contains(name) else {
            throw ValidationError(
                localized(
                    "'\(name)' is a word of `meditate course` (\(commands.joined(separator: ", "))); give the course another name",
                    de:
                        "'\(name)' ist ein Wort von `meditate course` (\(commands.joined(separator: ", "))); gib dem Kurs einen anderen Namen"
                ))
        }
        guard !tracks.isEmpty || fromFolder != nil else {
            throw ValidationError(
                localized(
                    "a course needs its tracks: give their ids or titles, or --from-folder FOLDER",
                    de: "ein Kurs braucht seine Aufnahmen: gib ihre IDs oder Titel an, oder --from-folder ORDNER"))
        }
        guard tracks.isEmpty || fromFolder == nil else {
            throw ValidationError(
                localized(
                    "give the tracks, or --from-folder, not both",
                    de: "gib die Aufnahmen an, oder --from-folder, nicht beides"))
        }
        guard tracks.count <= Course.mostDays else {
            throw ValidationError(
                localized(
                    "a course has at most \(Course.mostDays) days, not \(tracks.count)",
                    de: "ein Kurs hat höchstens \(Course.mostDays) Tage, nicht \(tracks.count)"))
        }
    }

    func run() throws {
        let database = try location.open()
        let library = TrackLibrary(database: database)
        let days: [Track]
        if let fromFolder {
            days = try Self.tracks(in: fromFolder, of: library.allTracks())
        } else {
            days = try tracks.map { reference throws -> Track in try library.resolve(reference) }
        }
        let course = try database.createCourse(name: name, tracks: days, at: Date().timeIntervalSince1970)
        print(
            localized(
                "course '\(course.name)': \(CourseText.days(course.days.count)), day 1: \(course.days.first?.title ?? "")",
                de:
                    "Kurs '\(course.name)': \(CourseText.days(course.days.count)), Tag 1: \(course.days.first?.title ?? "")"
            ))
    }

    /// The tracks whose files are in `folder` (not below it), by the number their names begin
    /// with, then by name.
    static func tracks(in folder: String, of all: [Track]) throws -> [Track] {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base, isDirectory: &isFolder), isFolder.boolValue else {
            throw LibraryError.noSuchPath(path: folder)
        }
        let inside = all.filter { ($0.path as NSString).deletingLastPathComponent == base }
        guard !inside.isEmpty else {
            throw ValidationError(
                localized(
                    "no track of the library is in '\(folder)'; import its files first (`meditate library import \(folder)`)",
                    de:
                        "keine Aufnahme der Bibliothek liegt in '\(folder)'; importiere erst ihre Dateien (`meditate library import \(folder)`)"
                ))
        }
        guard inside.count <= Course.mostDays else {
            throw ValidationError(
                localized(
                    "a course has at most \(Course.mostDays) days, not \(inside.count)",
                    de: "ein Kurs hat höchstens \(Course.mostDays) Tage, nicht \(inside.count)"))
        }
        // Each file's tags are read once, not at every comparison.
        return inside.map { ($0, Self.order($0)) }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// A file's place: its track number (its tags', else the number its name begins with; none:
    /// after every number), then its name.
    private static func order(_ track: Track) -> (Int, String) {
        let name = (track.path as NSString).lastPathComponent
        let number = TrackNumber.of(path: track.path) ?? AudioMetadata.trackNumber(name)
        return (number ?? Int.max, name.lowercased())
    }
}
