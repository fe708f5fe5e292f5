import Foundation
import GRDB
import ProgramTestSupport
import Testing
import WAVTestSupport

@testable import Library

@Suite("meditate library")
struct LibraryCommandTests {
    @Test("import, list grouped by teacher, --json, show, edit and check work from the command line")
    func commandLine() throws {
        // Given three tagged MP3s, a WAV and an empty file in a folder
        let scratch = try Scratch()
        let music = scratch.path("music")
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        for name in ["id3v1.mp3", "id3v23.mp3", "id3v24.mp3", "pcm-s16.wav", "empty.mp3"] {
            try FileManager.default.copyItem(atPath: fixtureFolder + "/" + name, toPath: music + "/" + name)
        }
        let library = ["--library", scratch.path("data")]

        // When the folder is imported
        let imported = try CLIRunner.run(["library", "import", music] + library)
        // Then four are in, the empty one is one line on stderr, and the exit status says not all was imported
        #expect(imported.status == 1)
        #expect(imported.stdout.contains("4 imported, 1 skipped"), "\(imported.stdout)")
        #expect(imported.stderr == "meditate: skipped '\(music)/empty.mp3': the file is empty\n")

        // list: grouped by teacher, teachers in order, with durations
        let list = try CLIRunner.run(["library", "list"] + library)
        #expect(list.status == 0)
        let lines = list.stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        #expect(
            lines.filter { !$0.hasPrefix(" ") } == [
                "Ajahn Example", "Lehrerin Müller", "Teacher Two", "Unknown teacher"
            ])
        #expect(lines.contains { $0.contains("0:01") && $0.hasSuffix("Morning Sit") })

        // --json parses and carries the exact frames
        let json = try CLIRunner.run(["library", "list", "--json"] + library)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(decoded?.count == 4)
        #expect(decoded?.first?["teacher"] as? String == "Ajahn Example")
        #expect(decoded?.first?["frames"] as? Int == 49_997)

        // edit changes what is shown, not the file
        let before = try Data(contentsOf: URL(fileURLWithPath: music + "/id3v1.mp3"))
        let edit = try CLIRunner.run(["library", "edit", "1", "--teacher", "Ajahn Chah"] + library)
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: music + "/id3v1.mp3")) == before)
        let show = try CLIRunner.run(["library", "show", "morning"] + library)
        #expect(show.stdout.contains("teacher   Ajahn Chah  (edited; tag: Ajahn Example)"), "\(show.stdout)")

        // check: clean, then one missing file and exit 1
        #expect(try CLIRunner.run(["library", "check"] + library).status == 0)
        try FileManager.default.removeItem(atPath: music + "/id3v23.mp3")
        let check = try CLIRunner.run(["library", "check"] + library)
        #expect(check.status == 1)
        #expect(check.stdout == "#2 Evening Sit: missing ('\(music)/id3v23.mp3')\n")

        // A track that is not there is one line and a failure
        let missing = try CLIRunner.run(["library", "show", "99"] + library)
        #expect(missing.status != 0)
        #expect(missing.stderr == "meditate: error: no track '99' in the library (see `meditate library list`)\n")
    }

    @Test(
        "an import killed with SIGKILL half-way leaves whole entries only, and the next import finishes without duplicates"
    )
    func killedImportResumes() throws {
        // Given 30 ten-second recordings, each its own tone
        let scratch = try Scratch()
        let music = scratch.path("music")
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        let count = 30
        for index in 0..<count {
            try writeSineWAV(
                path: music + "/talk-\(index < 10 ? "0" : "")\(index).wav", frames: 480_000,
                channels: 1, frequency: 200 + 10 * Double(index))
        }
        let data = scratch.path("data")

        // When an import is killed once two files have been reported imported
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.environment = CLIRunner.environment
        process.arguments = ["library", "import", music, "--library", data]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = ""
        while seen.components(separatedBy: "imported #").count - 1 < 2 {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        // Then the database opens, is consistent, and every entry in it is whole
        let database = try LibraryDatabase(path: data + "/library.sqlite")
        #expect(try database.queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
        let partial = try TrackLibrary(database: database).allTracks()
        #expect(partial.count >= 2)
        #expect(partial.count < count, "the import finished before it could be killed")
        for track in partial {
            #expect(track.frames == 480_000)
            #expect(track.loudness != nil)
            #expect(FileManager.default.fileExists(atPath: track.path))
        }

        // And the next import finishes the job: every file once
        let again = try CLIRunner.run(["library", "import", music, "--library", data])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stdout.contains("\(count - partial.count) imported, \(partial.count) unchanged"), "\(again.stdout)")
        let tracks = try TrackLibrary(database: database).allTracks()
        #expect(tracks.count == count)
        #expect(Set(tracks.map(\.path)).count == count)
        #expect(Set(tracks.map(\.contentHash)).count == count)
    }
}
