import Foundation
import Testing

@testable import Decoders

@Suite("Decoders: tag text")
struct TagTextTests {
    /// An ID3v2.4 tag of UTF-8 text frames, in front of the untagged fixture's audio.
    private func mp3(withFrames frames: [(id: String, text: [UInt8])]) throws -> String {
        func synchsafe(_ n: Int) -> [UInt8] {
            [UInt8((n >> 21) & 0x7F), UInt8((n >> 14) & 0x7F), UInt8((n >> 7) & 0x7F), UInt8(n & 0x7F)]
        }
        var body: [UInt8] = []
        for frame in frames {
            let payload = [3] + frame.text
            body += Array(frame.id.utf8) + synchsafe(payload.count) + [0, 0] + payload
        }
        let tag = Array("ID3".utf8) + [4, 0, 0] + synchsafe(body.count) + body
        let audio = try Data(contentsOf: URL(fileURLWithPath: fixture("lame-untagged.mp3")))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meditate-tags-\(UUID().uuidString).mp3"
        ).path
        try (Data(tag) + audio).write(to: URL(fileURLWithPath: path))
        return path
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
