import Foundation
import GRDB
import Testing

@testable import Library

/// A library whose schema stops at v2, holding one track whose `importedAt` is the text given
/// (GRDB stored dates as text before v3).
private func libraryBeforeV3(trackPath: String, loudness: Double?, importedAt: String) throws -> ScratchLibrary {
    let scratch = try ScratchLibrary()
    try scratch.database.write { db in
        try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v3:%'")
        try db.execute(
            sql: """
                INSERT INTO track (path, contentHash, fileSize, modifiedAt, copied, sampleRate, channels,
                                   frames, loudness, peak, importedAt)
                VALUES (?, 'abc', 1000, 1.5, 0, 44100, 2, 441000, ?, 0.9, ?)
                """, arguments: [trackPath, loudness, importedAt])
    }
    return scratch
}

@Suite("library schema migrations")
struct LibraryMigrationTests {
    @Test("a library written before v3 keeps its tracks, their import time now in seconds since 1970")
    func importTimeBecomesSeconds() throws {
        // Given a library whose schema stops at v2, with a track imported as GRDB wrote dates then
        let scratch = try libraryBeforeV3(
            trackPath: "/music/old.mp3", loudness: -20.5,
            importedAt: "2026-11-22 07:15:30.250")

        // When the library is opened again by this version
        let reopened = try LibraryDatabase(path: scratch.paths.database)
        let tracks = try TrackLibrary(database: reopened).allTracks()

        // Then the track is whole and its import time is the same instant, as a number
        let track = try #require(tracks.first)
        #expect(tracks.count == 1)
        #expect(track.path == "/music/old.mp3")
        #expect(track.loudness == -20.5)
        let expected = Date(timeIntervalSince1970: 1_795_331_730.25)
        #expect(abs(track.importedAt - expected.timeIntervalSince1970) < 0.001, "\(track.importedAt)")
    }

    @Test("an import time the migration cannot read becomes 0 and the library still opens")
    func unreadableImportTime() throws {
        // Given a pre-v3 library whose track holds an import time that is no date at all
        let scratch = try libraryBeforeV3(trackPath: "/music/odd.mp3", loudness: nil, importedAt: "yesterday")

        // When the library is opened again by this version
        let reopened = try LibraryDatabase(path: scratch.paths.database)

        // Then it opens and the track is kept, its import time 0
        let tracks = try TrackLibrary(database: reopened).allTracks()
        #expect(tracks.map(\.path) == ["/music/odd.mp3"])
        #expect(tracks.first?.importedAt == 0)
    }

    @Test("a track imported now records the time of its import in seconds since 1970")
    func newImportRecordsSeconds() throws {
        // Given an empty library and a file
        let scratch = try ScratchLibrary()
        let path = try scratch.copyFixtures(["pcm-s16.wav"])[0]
        let before = Date().timeIntervalSince1970

        // When it is imported
        _ = scratch.importer.importFile(path)

        // Then its import time lies between the start of the import and now
        let track = try #require(try scratch.library.allTracks().first)
        #expect(track.importedAt >= before.rounded(.down))
        #expect(track.importedAt <= Date().timeIntervalSince1970)
    }
}
