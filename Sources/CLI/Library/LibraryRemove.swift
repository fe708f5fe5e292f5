import ArgumentParser
import Library

/// `meditate library remove ID`
struct LibraryRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a track from the library.",
        discussion: "Your file stays where it is; a copy made by `import --copy` is deleted.")

    @Argument(help: ArgumentHelp("The track's id.", valueName: "id"))
    var id: TrackID

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let track = try TrackLibrary(database: location.open()).remove(id: id.value)
        print("removed #\(track.id ?? 0) \(track.title)")
    }
}
