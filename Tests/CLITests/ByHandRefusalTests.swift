import Foundation
import ProgramTestSupport
import Testing

@Suite("what is set by hand is refused in one line when it cannot be")
struct ByHandRefusalTests {
    @Test(
        "history add and edit refuse a start in the future or before 1970, and less than a second, each saying so; a sit set onto another names it"
    )
    func sitsByHandAreSat() throws {
        // Given a history of two sits added by hand
        let history = try HistoryScratch()
        #expect(try history.run(["history", "add", "--at", "2026-12-01T07:00", "--minutes", "20"]).status == 0)
        #expect(try history.run(["history", "add", "--at", "2026-12-02T07:00", "--minutes", "20"]).status == 0)

        // When sits are added in the year 9999, in 1969 and of a thousandth of a minute, and the
        // second is set to the first's start
        let future = try history.run(["history", "add", "--at", "9999-12-31T23:59", "--minutes", "20"])
        let past = try history.run(["history", "add", "--at", "1969-12-31T23:00", "--minutes", "20"])
        let short = try history.run(["history", "add", "--at", "2026-12-03T07:00", "--minutes", "0.001"])
        let later = try history.run(["history", "edit", "2", "--at", "9999-01-01T00:00"])
        let onto = try history.run(["history", "edit", "2", "--at", "2026-12-01T07:00"])

        // Then each is refused in one line that says why, and the history is as it was
        #expect(future.status == 64)
        #expect(
            future.stderr == "meditate: error: '9999-12-31T23:59' is in the future: a sit is added once it was sat\n")
        #expect(past.stderr == "meditate: error: '1969-12-31T23:00' is before 1970, when the history begins\n")
        #expect(short.stderr == "meditate: error: 0.001 minutes is less than a second\n")
        #expect(later.status == 64 && later.stderr.contains("is in the future"), "\(later.stderr)")
        #expect(onto.status == 64)
        #expect(
            onto.stderr
                == "meditate: error: sit 1 began then and was as long already: the history holds each sit once\n")
        let listed = try history.run(["history"]).stdout
        #expect(listed.contains("2026-12-02 07:00") && listed.split(separator: "\n").count == 2, "\(listed)")
    }

    @Test("config set history-folder refuses a file; library course create without tracks says what it needs")
    func folderAndCourseRefusals() throws {
        // Given a plain file where a folder could be
        let scratch = try Scratch()
        let file = scratch.path("plain")
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let environment = ["XDG_CONFIG_HOME": scratch.path("config"), "XDG_DATA_HOME": scratch.path("data")]

        // When it is set as the shared folder, and a course is made of nothing
        let set = try CLIRunner.run(["config", "set", "history-folder", file], environment: environment)
        let course = try CLIRunner.run(["library", "course", "create", "basics"], environment: environment)

        // Then both are refused in one line, and config.toml holds no such folder
        #expect(set.status == 64)
        #expect(set.stderr == "meditate: error: history-folder '\(file)' is a file, not a folder\n")
        let config = try? String(contentsOfFile: scratch.path("config/meditate/config.toml"), encoding: .utf8)
        #expect(config?.contains("history-folder") != true)
        #expect(course.status == 64)
        #expect(
            course.stderr
                == "meditate: error: a course needs its tracks: give their ids or titles, or --from-folder FOLDER\n")
    }
}
