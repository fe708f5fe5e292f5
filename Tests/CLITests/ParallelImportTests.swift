import Foundation
import GRDB
import ProgramTestSupport
import Testing
import WAVTestSupport

@testable import Library

@Suite("library import on every core")
struct ParallelImportTests {
    @Test("a folder imported four files at a time gives the library and the lines that one file at a time gives")
    func parallelMatchesSequential() throws {
        // Given a folder of tagged MP3s, FLAC, Ogg, WAVs of several lengths and tones, a file
        // that is the copy of another, and two that cannot be imported
        let scratch = try Scratch()
        let music = scratch.path("music")
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        for name in [
            "id3v1.mp3", "id3v23.mp3", "id3v24.mp3", "vbr-xing.mp3", "mono-22k05.mp3", "chord.flac", "chord.ogg",
            "pcm-s16.wav", "empty.mp3", "truncated.mp3"
        ] {
            try FileManager.default.copyItem(atPath: fixtureFolder + "/" + name, toPath: music + "/" + name)
        }
        try FileManager.default.copyItem(atPath: fixtureFolder + "/id3v23.mp3", toPath: music + "/copy-of-id3v23.mp3")
        for index in 0..<12 {
            try writeSineWAV(
                path: music + "/tone-\(index < 10 ? "0" : "")\(index).wav", frames: 48_000 * (1 + index % 4),
                channels: 1 + index % 2, frequency: 300 + 37 * Double(index), amplitude: 0.05 + 0.05 * Double(index % 5)
            )
        }

        // When it is imported one file at a time into one library, and four at a time into another
        let sequential = try CLIRunner.run(["library", "import", music, "--jobs", "1", "--library", scratch.path("one")]
        )
        let parallel = try CLIRunner.run(["library", "import", music, "--jobs", "4", "--library", scratch.path("four")])

        // Then both report the same lines in the same order, with the same status
        #expect(sequential.status == 1)
        #expect(parallel.status == sequential.status)
        #expect(parallel.stdout == sequential.stdout)
        #expect(parallel.stderr == sequential.stderr)
        #expect(sequential.stdout.contains("20 imported, 1 duplicate, 2 skipped"), "\(sequential.stdout)")

        // And both libraries hold the same tracks: ids, paths, hashes, tags, exact lengths, loudness
        let one = try Self.tracks(in: scratch.path("one"))
        let four = try Self.tracks(in: scratch.path("four"))
        #expect(one.count == 20)
        #expect(four == one)
    }

    /// Every column but the import time, in id order.
    static func tracks(in folder: String) throws -> [[String]] {
        let queue = try DatabaseQueue(path: folder + "/library.sqlite")
        return try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, path, contentHash, fileSize, tagTitle, tagArtist, tagAlbum, sampleRate, channels, frames,
                           loudness, peak FROM track ORDER BY id
                    """
            ).map { row in row.databaseValues.map(\.description) }
        }
    }
}
