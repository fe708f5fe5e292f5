import Foundation
import Testing

@testable import Library

@Suite("courses: progress read from the history")
struct CourseProgressTests {
    /// A track of `seconds` at 48 kHz whose content hash is `hash` (never imported: a course
    /// keeps the hash, the title and the length).
    static func track(_ hash: String, _ title: String, seconds: Int) -> Track {
        Track(
            path: "/music/\(title).wav", contentHash: hash, fileSize: 1, modifiedAt: 0, copied: false,
            editedTitle: title, sampleRate: 48_000, channels: 2, frames: Int64(seconds * 48_000), peak: 0.5,
            importedAt: 0)
    }

    @Test(
        "a day is done once a guided sit since the course began played its track to its end, not one stopped early, nor one before a reset"
    )
    func dayDoneWhenHeardToItsEnd() throws {
        // Given a course of two ten-minute days begun at t = 1000
        let library = try ScratchLibrary()
        let database = library.database
        let days = [Self.track("aa", "Breath", seconds: 600), Self.track("bb", "Body", seconds: 600)]
        _ = try database.createCourse(name: "basics", tracks: days, at: 1000)

        // When day 1's track was heard to its end before the course began, and after it stopped
        // half-way, and another file's sit completed
        for (at, sat, completed, track) in [
            (500.0, 600, true, "aa"), (1100, 300, false, "aa"), (1200, 600, true, "")
        ] {
            try database.record(
                PracticeSession(
                    startedAt: at, kind: .guided, note: "x", plannedSeconds: 600, satSeconds: sat,
                    completed: completed, track: track))
        }
        // Then no day is done: day 1 comes next
        #expect(try database.course(named: "basics")?.next?.number == 1)

        // When it is heard to its end (the sit after it ended early: its time reached the track's)
        try database.record(
            PracticeSession(
                startedAt: 1300, kind: .guided, note: "x", plannedSeconds: 900, satSeconds: 599, completed: false,
                track: "aa"))
        // Then day 1 is done, and day 2 comes next
        let course = try #require(try database.course(named: "basics"))
        #expect(course.days.map(\.done) == [true, false])
        #expect(course.next?.title == "Body" && course.doneCount == 1)

        // When the course is reset after it
        #expect(try database.resetCourse(named: "basics", at: 1400))
        // Then day 1 comes next again, and the history keeps every sit
        #expect(try database.course(named: "basics")?.next?.number == 1)
        #expect(try database.practice().count == 4)

        // And a course removed takes its days with it, not the history
        #expect(try database.removeCourse(named: "basics"))
        #expect(try database.courses().isEmpty)
        #expect(try database.practice().count == 4)
        #expect(try !database.removeCourse(named: "basics"))
    }
}
