import ArgumentParser
import Localization

/// `meditate library course create|remove`: the courses made of the library's tracks.
struct LibraryCourse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "course",
        abstract: localized(
            "Make a course of library tracks, one a day (`meditate course NAME` takes it), or remove one.",
            de:
                "Macht einen Kurs aus Aufnahmen der Bibliothek, eine pro Tag (`meditate course NAME` geht ihn), oder entfernt einen."
        ),
        subcommands: [LibraryCourseCreate.self, LibraryCourseRemove.self])
}
