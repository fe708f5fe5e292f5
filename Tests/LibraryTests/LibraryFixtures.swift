import Foundation
@testable import Library

let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("DecodersTests/Fixtures").path

/// A fresh folder with a library in it, removed afterwards.
final class ScratchLibrary {
    let folder: String
    let paths: LibraryPaths
    let database: LibraryDatabase

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("meditate-library-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/music", withIntermediateDirectories: true)
        paths = LibraryPaths(folder: folder + "/data")
        database = try LibraryDatabase(path: paths.database)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    var importer: TrackImporter { TrackImporter(database: database, paths: paths) }
    var library: TrackLibrary { TrackLibrary(database: database) }

    /// Copies fixtures into the music folder; returns their new paths.
    @discardableResult
    func copyFixtures(_ names: [String], into subfolder: String = "") throws -> [String] {
        let target = folder + "/music" + (subfolder.isEmpty ? "" : "/" + subfolder)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        return try names.map { name in
            let destination = target + "/" + name
            try FileManager.default.copyItem(atPath: fixtureFolder + "/" + name, toPath: destination)
            return destination
        }
    }
}

/// A 16-bit PCM WAV of a sine, written without any tool.
func writeSineWAV(path: String, frames: Int, sampleRate: Int = 48_000, channels: Int = 2,
                  frequency: Double = 440, amplitude: Double = 0.25) throws {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    let bytes = frames * channels * 2
    data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + bytes))
    data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(channels))
    append(UInt32(sampleRate)); append(UInt32(sampleRate * channels * 2)); append(UInt16(channels * 2)); append(UInt16(16))
    data.append(contentsOf: Array("data".utf8)); append(UInt32(bytes))
    for frame in 0..<frames {
        let value = Int16(amplitude * 32767 * sin(2 * Double.pi * frequency * Double(frame) / Double(sampleRate)))
        for _ in 0..<channels { append(value) }
    }
    try data.write(to: URL(fileURLWithPath: path))
}
