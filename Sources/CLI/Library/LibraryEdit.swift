import ArgumentParser
import Library
import Localization
import Settings

/// `meditate library edit ID --title … --teacher …`
struct LibraryEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: localized(
            "Change the title or teacher shown for a track.",
            de: "Ändert Titel oder Lehrer:in, die für eine Aufnahme gezeigt werden."),
        discussion: localized(
            "The edit is kept in the library; the file and its tags are never written. An empty value goes back to the tag.",
            de:
                "Die Änderung steht in der Bibliothek; Datei und Tags werden nie geschrieben. Ein leerer Wert kehrt zum Tag zurück."
        ))

    @Argument(help: TrackID.help)
    var id: TrackID

    @Option(help: .localized("The title to show.", de: "Der Titel, der gezeigt wird."))
    var title: String?

    @Option(help: .localized("The teacher to show.", de: "Die Lehrer:in, die gezeigt wird."))
    var teacher: String?

    @OptionGroup var location: LibraryLocation

    func validate() throws {
        if title == nil && teacher == nil {
            throw ValidationError(
                localized("give --title, --teacher or both", de: "gib --title, --teacher oder beides an"))
        }
    }

    func run() throws {
        let track = try TrackLibrary(database: location.open()).edit(id: id.value, title: title, teacher: teacher)
        print("#\(track.id ?? 0) \(track.shownTeacher) — \(track.title)")
    }
}
