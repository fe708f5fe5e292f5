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
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("meditate-library-\(UUID().uuidString)").path
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
