import Control
import Foundation
import ProgramTestSupport
import Testing
import WAVTestSupport

/// Courses: made of library tracks, taken a day at a time, their progress read from the history.
@Suite("meditate course: a guided series, one day at a time")
struct CourseCommandTests {
    static let null = ["--backend", "alsa", "--device", "null", "-q"]

    /// Three tracks of 1, 2 and 3 s in `folder` (each its own sound, so its own file), named so
    /// that their numbers and their names sort differently, imported into the history's library.
    static func importedFolder(_ history: HistoryScratch) throws -> String {
        let folder = history.scratch.path("course")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (seconds, name) in [(2, "2 Body.wav"), (1, "1 Breath.wav"), (3, "10 Sound.wav")] {
            let samples = (0..<(seconds * 48_000)).flatMap { frame -> [Float] in
                let value = Float(0.2 * sin(2 * Double.pi * Double(200 * seconds) * Double(frame) / 48_000))
                return [value, value]
            }
            try writeFloatWAV(path: folder + "/" + name, samples: samples, sampleRate: 48_000, channels: 2)
        }
        let imported = try history.run(["library", "import", folder])
        #expect(imported.status == 0, "\(imported.stderr)")
        return folder
    }

    @Test(
        "a course from a folder follows the files' numbers; each play takes the next day not heard to its end, and list says how far along, in English and German"
    )
    func courseTakenDayByDay() throws {
        // Given three imported tracks, and a course made of their folder
        let history = try HistoryScratch()
        let folder = try Self.importedFolder(history)
        let created = try history.run(["library", "course", "create", "basics", "--from-folder", folder])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout == "course 'basics': 3 days, day 1: 1 Breath\n", "\(created.stdout)")
        #expect(try history.run(["course", "list"]).stdout == "basics  day 1 of 3: 1 Breath\n")

        // When the course is taken once
        let first = try history.run(["course", "basics"] + Self.null)
        #expect(first.status == 0, "\(first.stderr)")

        // Then day 1 is done and day 2 comes next, by the files' numbers (2 before 10)
        #expect(try history.run(["course", "list"]).stdout == "basics  day 2 of 3: 2 Body\n")
        #expect(
            try history.run(["course", "list", "--lang", "de"]).stdout == "basics  Tag 2 von 3: 2 Body\n")
        let json = try history.run(["course", "list", "--json"]).stdout
        let course = JSONValue.parse(json)?["courses"]?[0]
        #expect(course?["done"] == 1 && course?["days"] == 3, "\(json)")
        #expect(course?["next"]?["day"] == 2 && course?["next"]?["title"] == "2 Body", "\(json)")

        // When days 2 and 3 are taken
        for _ in 0..<2 { #expect(try history.run(["course", "basics"] + Self.null).status == 0) }
        // Then the course is complete, and taking it again says so and plays nothing
        #expect(try history.run(["course", "list"]).stdout == "basics  complete: 3 of 3 days heard\n")
        let again = try history.run(["course", "basics"] + Self.null)
        #expect(again.status == 0 && again.stderr.contains("`meditate course reset basics`"), "\(again.stderr)")
        let sits = JSONValue.parse(try history.run(["history", "--json"]).stdout)?.arrayCount
        #expect(sits == 3, "\(sits ?? -1)")

        // When it is reset
        let reset = try history.run(["course", "reset", "basics"])
        // Then it begins again at day 1, and the history keeps every sit
        #expect(reset.stdout == "course 'basics' begins again: day 1 of 3\n", "\(reset.stdout)")
        #expect(try history.run(["course", "list"]).stdout == "basics  day 1 of 3: 1 Breath\n")
        #expect(JSONValue.parse(try history.run(["history", "--json"]).stdout)?.arrayCount == 3)
    }

    @Test("--from-folder follows the tags' track numbers over the numbers the file names begin with")
    func tagsTrackNumbersWin() throws {
        // Given two MP3s of different sounds whose names say 1 and 2 and whose ID3 tags say 2 and 1
        let history = try HistoryScratch()
        let folder = history.scratch.path("album")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("DecodersTests/Fixtures")
        for (fixture, name, track) in [
            ("lame-untagged.mp3", "1 first.mp3", "2/2"), ("mono-22k05.mp3", "2 second.mp3", "1/2")
        ] {
            let audio = try Data(contentsOf: fixtures.appendingPathComponent(fixture))
            try (Self.id3Tag(trackNumber: track) + audio).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        #expect(try history.run(["library", "import", folder]).status == 0)

        // When a course is made of the folder
        let created = try history.run(["library", "course", "create", "album", "--from-folder", folder])

        // Then day 1 is the track the tags number 1
        #expect(created.stdout == "course 'album': 2 days, day 1: 2 second\n", "\(created.stdout)\(created.stderr)")
    }

    /// An ID3v2.3 tag with one frame, TRCK.
    static func id3Tag(trackNumber: String) -> Data {
        let text = [UInt8](trackNumber.utf8)
        let frameSize = 1 + text.count
        let frame =
            [UInt8]("TRCK".utf8) + [0, 0, 0, UInt8(frameSize)] + [0, 0] + [0] + text
        let size = frame.count
        let header: [UInt8] = [0x49, 0x44, 0x33, 3, 0, 0, 0, 0, UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F)]
        return Data(header + frame)
    }

    @Test(
        "a course of a missing track, a name taken, a course that is not there, a folder with nothing imported: one line each, nothing made"
    )
    func badCoursesAreOneLine() throws {
        // Given an imported folder and a course made of its first two tracks by title
        let history = try HistoryScratch()
        let folder = try Self.importedFolder(history)
        #expect(try history.run(["library", "course", "create", "pair", "1 Breath", "2 Body"]).status == 0)

        // When a course names a track that is not there, a taken name, an unknown course, an
        // empty folder, and both tracks and a folder
        let missing = try history.run(["library", "course", "create", "other", "1 Breath", "Nothing"])
        let taken = try history.run(["library", "course", "create", "pair", "1 Breath"])
        let unknown = try history.run(["course", "trio"] + Self.null)
        let empty = history.scratch.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let nothing = try history.run(["library", "course", "create", "other", "--from-folder", empty])
        let both = try history.run(["library", "course", "create", "other", "1 Breath", "--from-folder", folder])
        let command = try history.run(["library", "course", "create", "list", "1 Breath"])

        // Then each is one line, and only `pair` is there
        #expect(
            missing.status == 66
                && missing.stderr
                    == "meditate: error: no track 'Nothing' in the library (see `meditate library list`)\n",
            "\(missing.stderr)")
        #expect(
            taken.status == 64
                && taken.stderr.hasPrefix("meditate: error: there is a course 'pair' already;"), "\(taken.stderr)")
        #expect(
            unknown.status == 66 && unknown.stderr == "meditate: error: no course 'trio'; there are pair\n",
            "\(unknown.stderr)")
        #expect(
            nothing.status == 64 && nothing.stderr.contains("no track of the library is in"), "\(nothing.stderr)")
        #expect(both.status == 64 && both.stderr.contains("not both"), "\(both.stderr)")
        #expect(
            command.status == 64 && command.stderr.contains("'list' is a word of `meditate course`"),
            "\(command.stderr)")
        for result in [missing, taken, unknown, nothing, both, command] {
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(try history.run(["course", "list"]).stdout == "pair  day 1 of 2: 1 Breath\n")

        // When day 1's track leaves the library
        let tracks = JSONValue.parse(try history.run(["library", "list", "--json"]).stdout)
        guard case let .array(listed)? = tracks else {
            Issue.record("no track list")
            return
        }
        let breath = listed.first { $0["title"] == "1 Breath" }?["id"]?.intValue
        #expect(try history.run(["library", "remove", String(breath ?? 0)]).status == 0)
        let gone = try history.run(["course", "pair"] + Self.null)
        // Then taking the course says which day and what to do, and plays nothing
        #expect(
            gone.status != 0
                && gone.stderr.contains("day 1 of course 'pair' is '1 Breath', which is not in this library"),
            "\(gone.stderr)")
    }
}
