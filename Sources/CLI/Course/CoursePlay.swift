import ArgumentParser
import Control
import Library
import Localization
import Settings

/// `meditate course NAME`: the course's next day not yet heard to its end, played as
/// `meditate play` plays it (and so recorded with its track, which moves the course on).
struct CoursePlay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: localized(
            "Play the course's next day not yet heard to its end (the options of `meditate play`).",
            de:
                "Spielt den nächsten Tag des Kurses, der noch nicht bis zum Ende gehört wurde (die Optionen von `meditate play`)."
        ))

    @OptionGroup var named: CourseName

    @OptionGroup var options: GuidedPlayOptions

    func run() throws {
        let settings = try Settings.load()
        let database = try options.location.open()
        let course = try named.course(in: database)
        guard let day = course.next else {
            NoticeLine.teller(quiet: false)(
                localized(
                    "course '\(course.name)': \(CourseText.progress(course)); `meditate course reset \(course.name)` begins it again",
                    de:
                        "Kurs '\(course.name)': \(CourseText.progress(course)); `meditate course reset \(course.name)` beginnt ihn von vorn"
                ))
            return
        }
        let track = try CourseLookup.track(of: day, in: course, database: database)
        let reference = String(track.id ?? 0)
        if !options.reporting.quiet {
            NoticeLine.teller(quiet: false)(
                "\(course.name): " + CourseText.progress(course))
        }
        try options.play(reference, settings: settings)
    }
}
