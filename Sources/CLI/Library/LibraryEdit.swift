import ArgumentParser
import Library

/// `meditate library edit ID --title … --teacher …`
struct LibraryEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change the title or teacher shown for a track.",
        discussion: "The edit is kept in the library; the file and its tags are never written. An empty value goes back to the tag.")

    @Argument(help: ArgumentHelp("The track's id.", valueName: "id"))
    var id: TrackID

    @Option(help: "The title to show.")
    var title: String?

    @Option(help: "The teacher to show.")
    var teacher: String?

    @OptionGroup var location: LibraryLocation

    func validate() throws {
        if title == nil && teacher == nil { throw ValidationError("give --title, --teacher or both") }
    }

    func run() throws {
        let track = try TrackLibrary(database: location.open()).edit(id: id.value, title: title, teacher: teacher)
        print("#\(track.id ?? 0) \(track.teacher) — \(track.title)")
    }
}
