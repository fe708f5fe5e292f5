import ArgumentParser
import Library
import Localization

/// `meditate library course remove NAME`: the course goes; its tracks and the history stay.
struct LibraryCourseRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: localized(
            "Remove a course (its tracks and the history stay).",
            de: "Entfernt einen Kurs (seine Aufnahmen und das Protokoll bleiben)."))

    @OptionGroup var named: CourseName

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let database = try location.open()
        let course = try named.course(in: database)
        _ = try database.removeCourse(named: course.name)
        print(localized("removed course '\(course.name)'", de: "Kurs '\(course.name)' entfernt"))
    }
}
