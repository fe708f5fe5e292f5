import ArgumentParser
import Library
import Localization

/// The course a command names (`course NAME`, `course reset NAME`, `library course remove
/// NAME`), found in the library or refused in one line.
struct CourseName: ParsableArguments {
    @Argument(help: .localized("The course.", de: "Der Kurs.", valueName: "name"))
    var name: String

    func course(in database: LibraryDatabase) throws -> Course {
        try CourseLookup.course(named: name, in: database)
    }
}
