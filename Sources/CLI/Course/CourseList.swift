import ArgumentParser
import Control
import Library
import Localization
import Service
import Settings

/// `meditate course list`: each course and how far along it is.
struct CourseList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: localized(
            "List the courses and how far along each is (\"day 4 of 30\").",
            de: "Zeigt die Kurse und wie weit jeder ist („Tag 4 von 30“)."))

    @Flag(help: .localized("JSON, one object.", de: "JSON, ein Objekt.")) var json = false
    @OptionGroup var location: LibraryLocation

    func run() throws {
        let courses = try location.open().courses()
        if json {
            let database = try location.open()
            print(JSONValue.object(["courses": .array(courses.map { CourseJSON.of($0, in: database) })]).line)
            return
        }
        guard !courses.isEmpty else {
            print(
                localized(
                    "no courses yet (`meditate library course create NAME TRACK…`)",
                    de: "noch keine Kurse (`meditate library course create NAME AUFNAHME…`)"))
            return
        }
        for course in courses { print(CourseText.line(course)) }
    }
}
