import Foundation
import GRDB
import Testing
import WAVTestSupport

@testable import Library

@Suite("library import")
struct TrackImportTests {
    @Test("a mixed corpus imports the good files with their tags and exact lengths and reports each bad one")
    func importsCorpus() throws {
        // Given a folder of every kind of file the issue names, good and bad
        let scratch = try ScratchLibrary()
        let good = [
            "id3v1.mp3", "id3v22.mp3", "id3v23.mp3", "id3v24.mp3", "lame-untagged.mp3", "vbr-xing.mp3",
            "mono-22k05.mp3", "mpeg25-8k.mp3", "vbri.mp3", "mono-22k05.wav", "pcm-u8.wav", "pcm-s16.wav", "wav-id3.wav",
            "chord.flac", "chord.ogg"
        ]
        let bad = ["empty.mp3", "truncated.mp3", "text.mp3", "truncated.wav"]
        try scratch.copyFixtures(good + bad, into: "corpus")
        try "not audio".write(toFile: scratch.folder + "/music/corpus/notes.txt", atomically: true, encoding: .utf8)

        // When the folder is imported
        let importer = scratch.importer
        let (files, missing) = importer.collect([scratch.folder + "/music"])
        let outcomes = files.map { importer.importFile($0) }

        // Then the text file was not even tried, every good file is in, every bad one failed in one line
        #expect(missing.isEmpty)
        #expect(files.count == good.count + bad.count)
        let failures = outcomes.filter(\.isFailure)
        #expect(failures.count == bad.count)
        for failure in failures {
            guard case let .failed(_, error) = failure else { continue }
            let line = error.errorDescription ?? ""
            #expect(!line.contains("\n"))
            #expect(bad.contains { line.contains($0) }, "\(line)")
        }
        let tracks = try scratch.library.allTracks()
        #expect(tracks.count == good.count)
        func track(_ name: String) throws -> Track {
            try #require(tracks.first { $0.path.hasSuffix("/" + name) }, "\(name)")
        }
        let expected: [(String, Int64, Int, Int)] = [
            ("lame-untagged.mp3", 49_997, 44_100, 2), ("vbr-xing.mp3", 49_997, 44_100, 2),
            ("id3v24.mp3", 49_997, 44_100, 2),
            ("mono-22k05.mp3", 11_025, 22_050, 1), ("mpeg25-8k.mp3", 8_000, 8_000, 1),
            ("mono-22k05.wav", 11_025, 22_050, 1),
            ("vbri.mp3", 51_840, 44_100, 2), ("wav-id3.wav", 12_345, 48_000, 2), ("pcm-u8.wav", 12_345, 48_000, 2),
            ("chord.flac", 12_345, 48_000, 2), ("chord.ogg", 12_345, 48_000, 2)
        ]
        for (name, frames, rate, channels) in expected {
            let found = try track(name)
            #expect(found.frames == frames, "\(name)")
            #expect(found.sampleRate == rate, "\(name)")
            #expect(found.channels == channels, "\(name)")
        }
        #expect(try track("id3v1.mp3").title == "Morning Sit")
        #expect(try track("id3v1.mp3").teacher == "Ajahn Example")
        #expect(try track("id3v1.mp3").tagAlbum == "Retreat Tapes")
        #expect(try track("id3v22.mp3").teacher == "Old Teacher")
        #expect(try track("id3v23.mp3").title == "Evening Sit")
        #expect(try track("id3v24.mp3").title == "Stille – Übung")
        #expect(try track("id3v24.mp3").teacher == "Lehrerin Müller")
        #expect(try track("wav-id3.wav").title == "Yoga Nidra")
        #expect(try track("wav-id3.wav").teacher == "Swami Test")
        #expect(try track("wav-id3.wav").tagAlbum == "Deep Rest")
        // Untagged files are shown by their name, under no teacher
        #expect(try track("lame-untagged.mp3").title == "lame-untagged")
        #expect(try track("lame-untagged.mp3").teacher == "Unknown teacher")
        // A quarter of a second is too short to gate (R128 needs 400 ms): no loudness, but a peak
        #expect(try track("pcm-s16.wav").loudness == nil)
        #expect(abs(try track("pcm-s16.wav").peak - 0.5) < 0.01)
        // And the database is consistent
        let integrity = try scratch.database.queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == "ok")
    }

    @Test("loudness is EBU R128's: a 997 Hz sine at -12 dBFS in both channels measures -12 LUFS")
    func measuresLoudness() throws {
        // Given two seconds of a -12.04 dBFS (0.25) sine, where R128 puts a full-scale stereo sine at 0 LUFS
        let scratch = try ScratchLibrary()
        let path = scratch.folder + "/music/sine.wav"
        try writeSineWAV(path: path, frames: 96_000, frequency: 997, amplitude: 0.25)
        // When it is imported
        guard case let .imported(track) = scratch.importer.importFile(path) else {
            Issue.record("not imported")
            return
        }
        // Then its integrated loudness and peak are those of the signal
        let loudness = try #require(track.loudness)
        #expect(abs(loudness - -12.04) < 0.3, "\(loudness)")
        #expect(abs(track.peak - 0.25) < 0.001)
        #expect(track.frames == 96_000)
    }

    @Test("a mono file is measured as it is played, on both speakers: the same level as the stereo sine")
    func measuresMonoAsPlayed() throws {
        // Given the same -12.04 dBFS sine in one channel
        let scratch = try ScratchLibrary()
        let path = scratch.folder + "/music/mono.wav"
        try writeSineWAV(path: path, frames: 96_000, channels: 1, frequency: 997, amplitude: 0.25)
        // When it is imported
        guard case let .imported(track) = scratch.importer.importFile(path) else {
            Issue.record("not imported")
            return
        }
        // Then it measures as the dual-mono stereo the engine plays (one channel alone would be 3 dB lower)
        let loudness = try #require(track.loudness)
        #expect(abs(loudness - -12.04) < 0.3, "\(loudness)")
        #expect(track.channels == 1)
    }

    @Test("importing the same files again changes nothing")
    func reimportIsIdempotent() throws {
        let scratch = try ScratchLibrary()
        let paths = try scratch.copyFixtures(["id3v1.mp3", "pcm-s16.wav"])
        let first = paths.map { scratch.importer.importFile($0) }
        let before = try scratch.library.allTracks()
        // When they are imported again, also touched (a new time, the same bytes)
        let second = paths.map { scratch.importer.importFile($0) }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: paths[0])
        let third = scratch.importer.importFile(paths[0])
        // Then the second and third import report unchanged and the rows are the same
        #expect(first.allSatisfy { if case .imported = $0 { true } else { false } })
        #expect(second.allSatisfy { if case .unchanged = $0 { true } else { false } })
        if case .unchanged = third {} else { Issue.record("touched file: \(third)") }
        let after = try scratch.library.allTracks()
        #expect(after.map(\.id) == before.map(\.id))
        #expect(after.map(\.contentHash) == before.map(\.contentHash))
    }

    @Test("a file that moved is found again by its content, keeping its id and edits")
    func movedFileIsFoundAgain() throws {
        let scratch = try ScratchLibrary()
        let original = try scratch.copyFixtures(["id3v23.mp3"])[0]
        guard case let .imported(track) = scratch.importer.importFile(original), let id = track.id else {
            Issue.record("not imported")
            return
        }
        try scratch.library.edit(id: id, title: "Renamed", teacher: nil)
        // When the file is moved and its new place imported
        let moved = scratch.folder + "/music/elsewhere.mp3"
        try FileManager.default.moveItem(atPath: original, toPath: moved)
        #expect(try scratch.library.check().map(\.kind) == [.missing])
        let outcome = scratch.importer.importFile(moved)
        // Then it is the same entry, at its new path
        guard case let .moved(found, from) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(found.id == id)
        #expect(from == original)
        #expect(found.title == "Renamed")
        #expect(try scratch.library.allTracks().map(\.path) == [moved])
        #expect(try scratch.library.check().isEmpty)
    }

    @Test("a second copy of a file already imported is reported, not imported twice")
    func duplicateContentIsSkipped() throws {
        let scratch = try ScratchLibrary()
        let first = try scratch.copyFixtures(["pcm-s16.wav"])[0]
        let second = try scratch.copyFixtures(["pcm-s16.wav"], into: "again")[0]
        _ = scratch.importer.importFile(first)
        let outcome = scratch.importer.importFile(second)
        guard case .duplicate = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(try scratch.library.allTracks().count == 1)
    }

    @Test("--copy puts a copy in the library folder; removing the track deletes the copy, never the user's file")
    func copyAndRemove() throws {
        let scratch = try ScratchLibrary()
        let original = try scratch.copyFixtures(["id3v1.mp3"])[0]
        guard case let .imported(track) = scratch.importer.importFile(original, copy: true), let id = track.id else {
            Issue.record("not imported")
            return
        }
        #expect(track.copied)
        #expect(track.path.hasPrefix(scratch.paths.tracks + "/"))
        #expect(FileManager.default.contentsEqual(atPath: track.path, andPath: original))
        // Importing the original again finds the copy
        if case .duplicate = scratch.importer.importFile(original, copy: true) {} else { Issue.record("copied twice") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.paths.tracks).count == 1)
        try scratch.library.remove(id: id)
        #expect(!FileManager.default.fileExists(atPath: track.path))
        #expect(FileManager.default.fileExists(atPath: original))
        #expect(try scratch.library.allTracks().isEmpty)
    }

    @Test("check reports a file whose content changed, and re-importing it measures it again but keeps the edits")
    func changedFile() throws {
        let scratch = try ScratchLibrary()
        let path = scratch.folder + "/music/talk.wav"
        try writeSineWAV(path: path, frames: 48_000)
        guard case let .imported(track) = scratch.importer.importFile(path), let id = track.id else {
            Issue.record("not imported")
            return
        }
        try scratch.library.edit(id: id, title: nil, teacher: "Ayya Khema")
        // When the file is replaced by a longer recording
        try writeSineWAV(path: path, frames: 96_000, frequency: 330)
        #expect(try scratch.library.check().map(\.kind) == [.changed])
        let outcome = scratch.importer.importFile(path)
        // Then the entry is updated in place
        guard case let .updated(updated) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(updated.id == id)
        #expect(updated.frames == 96_000)
        #expect(updated.teacher == "Ayya Khema")
        #expect(try scratch.library.check().isEmpty)
    }

    @Test("a track is found by id, by path, by a unique start of its title; an ambiguous start names the candidates")
    func resolvesReferences() throws {
        let scratch = try ScratchLibrary()
        let paths = try scratch.copyFixtures(["id3v1.mp3", "id3v22.mp3", "id3v23.mp3"])
        for path in paths { _ = scratch.importer.importFile(path) }
        let library = scratch.library
        #expect(try library.resolve("morning").title == "Morning Sit")
        #expect(try library.resolve("Body").teacher == "Old Teacher")
        #expect(try library.resolve(paths[2]).title == "Evening Sit")
        #expect(try library.resolve("1").path == paths[0])
        #expect(throws: LibraryError.noSuchTrack(reference: "Walking")) { try library.resolve("Walking") }
        try library.edit(id: 2, title: "Evening Scan", teacher: nil)
        #expect(throws: LibraryError.self) { try library.resolve("evening") }
        do {
            _ = try library.resolve("evening")
        } catch {
            #expect(error.errorDescription?.contains("matches 2 tracks") == true)
        }
    }

    @Test("what was prepared for a file that changed before its import is not used: the file is measured again")
    func stalePreparationIsIgnored() throws {
        // Given a one-second tone prepared for import
        let scratch = try ScratchLibrary()
        let path = scratch.folder + "/music/talk.wav"
        try writeSineWAV(path: path, frames: 48_000, channels: 1, frequency: 440, amplitude: 0.1)
        let importer = scratch.importer
        let prepared = try #require(importer.prepare(path))

        // When the file is replaced by a louder, two-second tone before the import takes it
        try writeSineWAV(path: path, frames: 96_000, channels: 1, frequency: 440, amplitude: 0.4)
        let outcome = importer.importFile(path, prepared: prepared)

        // Then the library holds the new file's length and loudness, not the prepared ones
        guard case let .imported(track) = outcome else {
            Issue.record("expected an import, got \(outcome)")
            return
        }
        #expect(track.frames == 96_000)
        #expect(abs(track.peak - 0.4) < 0.01)
        #expect(try track.contentHash == ContentHash.of(path: path))
    }

    @Test("a prepared file imports with the same tags, length, loudness and hash as one that was not")
    func preparedEqualsUnprepared() throws {
        // Given two libraries and the same MP3
        let first = try ScratchLibrary()
        let second = try ScratchLibrary()
        let path = try first.copyFixtures(["id3v24.mp3"])[0]

        // When one imports it prepared on another thread, the other imports it directly
        let preparedOutcome = first.importer.importFile(path, prepared: first.importer.prepare(path))
        let directOutcome = second.importer.importFile(path)

        // Then the two tracks are the same but for the moment of import
        guard case var .imported(prepared) = preparedOutcome, case let .imported(direct) = directOutcome else {
            Issue.record("expected two imports, got \(preparedOutcome) and \(directOutcome)")
            return
        }
        prepared.importedAt = direct.importedAt
        #expect(prepared == direct)
    }
}
