import ArgumentParser
import Library
import Localization
import Settings

/// `meditate library remove ID`
struct LibraryRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: localized("Remove a track from the library.", de: "Entfernt eine Aufnahme aus der Bibliothek."),
        discussion: localized(
            "Your file stays where it is; a copy made by `import --copy` is deleted.",
            de: "Deine Datei bleibt, wo sie ist; eine Kopie aus `import --copy` wird gelöscht."))

    @Argument(help: TrackID.help)
    var id: TrackID

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let track = try TrackLibrary(database: location.open()).remove(id: id.value)
        print(localized("removed #\(track.id ?? 0) \(track.title)", de: "#\(track.id ?? 0) \(track.title) entfernt"))
    }
}
