import Library
import Localization

/// A course in words, in the run's language: "morning  day 4 of 30: Breath",
/// "morning  complete: 30 of 30 days heard".
enum CourseText {
    static func line(_ course: Course) -> String {
        "\(course.name)  " + progress(course)
    }

    static func progress(_ course: Course) -> String {
        guard let next = course.next else {
            let count = course.days.count
            return localized(
                "complete: \(count) of \(count) \(count == 1 ? "day" : "days") heard",
                de: "abgeschlossen: \(count) von \(count) \(count == 1 ? "Tag" : "Tagen") gehört")
        }
        return localized(
            "day \(next.number) of \(course.days.count): \(next.title)",
            de: "Tag \(next.number) von \(course.days.count): \(next.title)")
    }
}

extension CourseText {
    /// "1 day", "30 days"; "1 Tag", "30 Tage".
    static func days(_ count: Int) -> String {
        localized(count == 1 ? "1 day" : "\(count) days", de: count == 1 ? "1 Tag" : "\(count) Tage")
    }
}
