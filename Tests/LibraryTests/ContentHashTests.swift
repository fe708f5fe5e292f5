import Foundation
import Testing

@testable import Library

/// Longer than the 1 MiB the file is read in, and not a multiple of it.
private let longContent = Data((0..<(5 * (1 << 19) + 7)).map { (index: Int) -> UInt8 in UInt8(index % 251) })

@Suite("content hash")
struct ContentHashTests {
    @Test(
        "a file's content hash is its standard SHA-256, so libraries made by earlier versions still match",
        arguments: [
            (Data() as Data, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (Data("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (longContent, "ffe7fe4b5e2866a0433ec4ae27932c3f50ef8b8ff5b4aa4bc3808aaf8bd2dd70")
        ])
    func standardSHA256(content: Data, expected: String) throws {
        // Given a file holding the content
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hash-\(UUID().uuidString)").path
        try content.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        // When it is hashed
        let hash = try ContentHash.of(path: path)

        // Then the hex digest is the one every SHA-256 tool gives
        #expect(hash == expected)
    }

    @Test("hashing a file that cannot be opened says why in one line")
    func unreadableFile() {
        // Given a path with nothing at it
        let path = "/nonexistent/meditate-\(UUID().uuidString).mp3"

        // When it is hashed, then the error names the file and the reason
        #expect {
            _ = try ContentHash.of(path: path)
        } throws: { error in
            let line = (error as? LibraryError)?.errorDescription ?? ""
            return line.contains(path) && line.contains("No such file") && !line.contains("\n")
        }
    }
}
