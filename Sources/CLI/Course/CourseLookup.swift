import Library
import Localization

/// A course by name, and a day's track in this library, or the one line that says why not.
enum CourseLookup {
    static func course(named name: String, in database: LibraryDatabase) throws -> Course {
        if let course = try database.course(named: name) { return course }
        throw LibraryError.noSuchCourse(name: name, known: try database.courses().map(\.name))
    }

    /// The library's track of `day`: the same file, found by its content hash.
    static func track(of day: Course.Day, in course: Course, database: LibraryDatabase) throws -> Track {
        if let track = try database.track(contentHash: day.track) { return track }
        throw CourseDayMissing(course: course.name, day: day.number, title: day.title)
    }
}
