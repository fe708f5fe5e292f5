import Localization

/// A course's day whose track is no longer in this library (removed, or a history synced from
/// another device whose library had it).
struct CourseDayMissing: Error, CustomStringConvertible {
    let course: String
    let day: Int
    let title: String

    var description: String {
        localized(
            "day \(day) of course '\(course)' is '\(title)', which is not in this library; import its file again (`meditate library import FILE`)",
            de:
                "Tag \(day) des Kurses '\(course)' ist '\(title)', das nicht in dieser Bibliothek ist; importiere seine Datei erneut (`meditate library import DATEI`)"
        )
    }
}
