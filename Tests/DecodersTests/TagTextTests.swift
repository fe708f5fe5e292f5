import Foundation
import Testing

@testable import Decoders

@Suite("Decoders: tag text")
struct TagTextTests {
    /// An ID3v2.4 tag of UTF-8 text frames (or an ID3v2.3 tag of Latin-1 ones), in front of
    /// the untagged fixture's audio.
    private func mp3(
        withFrames frames: [(id: String, text: [UInt8])], version: UInt8 = 4, encoding: UInt8? = nil
    ) throws -> String {
        func synchsafe(_ n: Int) -> [UInt8] {
            [UInt8((n >> 21) & 0x7F), UInt8((n >> 14) & 0x7F), UInt8((n >> 7) & 0x7F), UInt8(n & 0x7F)]
        }
        func plain(_ n: Int) -> [UInt8] {
            [UInt8((n >> 24) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)]
        }
        var body: [UInt8] = []
        for frame in frames {
            let payload = [encoding ?? (version == 4 ? 3 : 0)] + frame.text
            // An ID3v2.3 frame's size is a plain number; v2.4's is synchsafe.
            body += Array(frame.id.utf8) + (version == 4 ? synchsafe : plain)(payload.count) + [0, 0] + payload
        }
        let tag = Array("ID3".utf8) + [version, 0, 0] + synchsafe(body.count) + body
        let audio = try Data(contentsOf: URL(fileURLWithPath: fixture("lame-untagged.mp3")))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meditate-tags-\(UUID().uuidString).mp3"
        ).path
        try (Data(tag) + audio).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a track number is read from TRCK, \"4/30\" as 4, in v2.3 and v2.4, and found without decoding the file")
    func trackNumberIsRead() throws {
        // Given MP3s whose TRCK frames say "4/30" (v2.4) and "07" (v2.3), and texts that are no number
        let v4 = try mp3(withFrames: [("TRCK", Array("4/30".utf8))])
        let v3 = try mp3(withFrames: [("TRCK", Array("07".utf8))], version: 3)
        defer { for path in [v4, v3] { try? FileManager.default.removeItem(atPath: path) } }
        // Then the decoder and the tag reader alone say 4 and 7
        #expect(try AudioFile.open(v4).metadata.trackNumber == 4)
        #expect(TrackNumber.of(path: v4) == 4 && TrackNumber.of(path: v3) == 7)
        // And a file without one says none, and neither do texts that are not a track's number
        #expect(TrackNumber.of(path: fixture("lame-untagged.mp3")) == nil)
        for text in ["", "side A", "0", "123456", "/3"] { #expect(AudioMetadata.trackNumber(text) == nil, "\(text)") }
        #expect(AudioMetadata.trackNumber(" 12/12") == 12)
    }

    @Test("an ID3v2.4 frame with several NUL-separated values keeps them all, joined with '/'")
    func multipleValuesAreKept() throws {
        // Given an MP3 whose artist frame holds two artists and whose title holds one
        let path = try mp3(withFrames: [
            ("TPE1", Array("Tara Brach".utf8) + [0] + Array("Jack Kornfield".utf8)),
            ("TIT2", Array("Metta".utf8))
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When it is opened, then both artists are there in the v2.3 form
        let decoder = try AudioFile.open(path)
        #expect(decoder.metadata.artist == "Tara Brach/Jack Kornfield")
        #expect(decoder.metadata.title == "Metta")
    }

    @Test(
        "an ID3v2.3 frame with two NUL-separated names (mutagen's corpus) keeps both, as v2.4 does",
        arguments: [0, 1] as [UInt8])
    func multipleValuesInVersion3AreKept(encoding: UInt8) throws {
        // Given an ID3v2.3 tag whose artist frame is 'piman', NUL, 'jzig', in Latin-1 or in
        // UTF-16 (each value with its byte-order mark, the separator two zero bytes)
        func utf16(_ text: String) -> [UInt8] {
            [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        let artist =
            encoding == 0 ? Array("piman".utf8) + [0] + Array("jzig".utf8) : utf16("piman") + [0, 0] + utf16("jzig")
        let title = encoding == 0 ? Array("Sit".utf8) : utf16("Sit")
        let path = try mp3(withFrames: [("TPE1", artist), ("TIT2", title)], version: 3, encoding: encoding)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When it is opened, then both names are there, joined with '/'
        let decoder = try AudioFile.open(path)
        #expect(decoder.metadata.artist == "piman/jzig")
        #expect(decoder.metadata.title == "Sit")
    }

    @Test("an ID3v2.3 tag with two artist frames (mutagen's silence-44-s.mp3) keeps both names, in order")
    func repeatedFramesAreKept() throws {
        // Given an ID3v2.3 tag laid out as mutagen's test file is: TYER, TCON, TALB, then a
        // TPE1 'piman' and a second TPE1 'jzig', then the title, all Latin-1
        let path = try mp3(
            withFrames: [
                ("TYER", Array("2004".utf8)), ("TCON", Array("Silence".utf8)),
                ("TALB", Array("Quod Libet Test Data".utf8)), ("TPE1", Array("piman".utf8)),
                ("TPE1", Array("jzig".utf8)), ("TIT2", Array("Silence".utf8))
            ], version: 3)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When it is opened
        let decoder = try AudioFile.open(path)
        // Then both artists are there, the first frame's first, and the rest as tagged
        #expect(decoder.metadata.artist == "piman/jzig")
        #expect(decoder.metadata.title == "Silence")
        #expect(decoder.metadata.album == "Quod Libet Test Data")
        #expect(decoder.metadata.genre == "Silence")
    }

    @Test("control characters in a tag are escaped, so that printing it cannot drive the terminal")
    func controlCharactersAreEscaped() throws {
        // Given a title with an escape sequence that would clear the screen and a bell
        let path = try mp3(withFrames: [("TIT2", Array("Calm\u{1B}[2J\u{07}now".utf8))])
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When it is read, then no control character is left, and each is shown as \xNN
        let title = try #require(try AudioFile.open(path).metadata.title)
        #expect(title == "Calm\\x1B[2J\\x07now")
        #expect(!title.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}
