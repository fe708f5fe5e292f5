import ArgumentParser
import Foundation
import Library
import Localization

/// `meditate course reset NAME`: the course begins again; the history stays.
struct CourseReset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: localized(
            "Begin a course again from day 1 (the history keeps every sit).",
            de: "Beginnt einen Kurs wieder mit Tag 1 (das Protokoll behält jedes Sitzen)."))

    @OptionGroup var named: CourseName

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let database = try location.open()
        let course = try named.course(in: database)
        _ = try database.resetCourse(named: course.name, at: Date().timeIntervalSince1970)
        print(
            localized(
                "course '\(course.name)' begins again: day 1 of \(course.days.count)",
                de: "der Kurs '\(course.name)' beginnt von vorn: Tag 1 von \(course.days.count)"))
    }
}
