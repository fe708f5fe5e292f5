import Foundation
import ProgramTestSupport
import Testing
import WAVTestSupport

@Suite("Several meditate processes at once")
struct ConcurrentProcessTests {
    /// Starts meditate without waiting; its stdout and stderr go to files in `scratch`.
    private func start(
        _ arguments: [String], environment: [String: String], scratch: Scratch, name: String
    ) throws -> Process {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        process.environment = CLIRunner.environment.merging(environment) { $1 }
        _ = FileManager.default.createFile(atPath: scratch.path(name + ".out"), contents: nil)
        _ = FileManager.default.createFile(atPath: scratch.path(name + ".err"), contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: scratch.path(name + ".out"))
        process.standardError = FileHandle(forWritingAtPath: scratch.path(name + ".err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test("commands started together on a fresh library all succeed: one migrates, the others wait")
    func freshLibraryIsMigratedOnce() throws {
        // (Before the fix a round failed about one time in five.)
        for round in 0..<20 {
            // Given a library folder that does not exist yet, and a CSV of one sit
            let scratch = try Scratch()
            let environment = ["XDG_DATA_HOME": scratch.path("data")]
            let csv = scratch.path("sits.csv")
            try "date,duration_minutes,note\n2026-03-0\(round % 9 + 1),10,old\n".write(
                toFile: csv, atomically: true, encoding: .utf8)
            // When three commands that open it start at once
            let processes = try [
                start(["history", "import", csv], environment: environment, scratch: scratch, name: "a"),
                start(["library", "list"], environment: environment, scratch: scratch, name: "b"),
                start(["history"], environment: environment, scratch: scratch, name: "c")
            ]
            for process in processes { process.waitUntilExit() }
            // Then every one succeeds and the sit is recorded
            for (process, name) in zip(processes, ["a", "b", "c"]) {
                let errors = (try? String(contentsOfFile: scratch.path(name + ".err"), encoding: .utf8)) ?? ""
                #expect(process.terminationStatus == 0, "round \(round), \(name): \(errors)")
            }
            let history = try CLIRunner.run(["history", "--csv"], environment: environment)
            #expect(history.stdout.contains("old"), "round \(round)")
        }
    }

    @Test("two imports of the same folder at once both succeed, and each file is in once")
    func sameFolderImportedTwiceAtOnce() throws {
        // Given a folder of six short WAVs
        let scratch = try Scratch()
        let folder = scratch.path("music")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<6 {
            try writeSineWAV(path: folder + "/talk-\(index).wav", frames: 24_000, frequency: 200 + 50 * Double(index))
        }
        // (Before the fix one round in two failed with a UNIQUE constraint.)
        for round in 0..<6 {
            let environment = ["XDG_DATA_HOME": scratch.path("data-\(round)")]
            // When two imports of it start at once into a fresh library
            let first = try start(
                ["library", "import", folder], environment: environment, scratch: scratch, name: "one-\(round)")
            let second = try start(
                ["library", "import", folder], environment: environment, scratch: scratch, name: "two-\(round)")
            first.waitUntilExit()
            second.waitUntilExit()
            // Then neither fails, and the library holds each file once
            for name in ["one-\(round)", "two-\(round)"] {
                let errors = (try? String(contentsOfFile: scratch.path(name + ".err"), encoding: .utf8)) ?? ""
                #expect(errors.isEmpty, "round \(round), \(name): \(errors)")
            }
            #expect(first.terminationStatus == 0 && second.terminationStatus == 0, "round \(round)")
            let list = try CLIRunner.run(["library", "list", "--json"], environment: environment)
            #expect(list.stdout.components(separatedBy: "\"path\"").count - 1 == 6, "\(list.stdout)")
        }
    }
}
