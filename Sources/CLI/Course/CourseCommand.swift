import ArgumentParser
import Localization
import Settings

/// `meditate course NAME`: a guided series, one day at a time; `course list`, `course reset`.
struct CourseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "course",
        abstract: localized(
            "Take a course: play its next day not yet heard to its end; list the courses and how far along; reset one.",
            de:
                "Einen Kurs gehen: seinen nächsten Tag spielen, der noch nicht bis zum Ende gehört wurde; die Kurse und den Fortschritt zeigen; einen zurücksetzen."
        ),
        discussion: localized(
            "A course is made of library tracks with `meditate library course create`. A day counts once its track was heard to its end; the history says so, so the progress is the same wherever the history goes.\n\nExamples:",
            de:
                "Ein Kurs wird aus Aufnahmen der Bibliothek mit `meditate library course create` gemacht. Ein Tag zählt, sobald seine Aufnahme bis zum Ende gehört wurde; das Protokoll sagt es, also ist der Fortschritt überall derselbe, wohin das Protokoll reicht.\n\nBeispiele:"
        ) + """

              meditate library course create basics 3 4 5 6
              meditate course basics          # day 1 of 4; once heard to its end, day 2
              meditate course list
              meditate course reset basics
            """,
        subcommands: [CoursePlay.self, CourseList.self, CourseReset.self],
        defaultSubcommand: CoursePlay.self)
}
