import Foundation

/// Whether the tools tests drive (a sound server, a broker, a browser, snapserver) must be
/// there: `make test` installs every one of them and says so in MEDITATE_TEST_REQUIRE_TOOLS,
/// and then a test whose tool is missing runs, and fails, where it would otherwise be skipped.
/// A skip under `make test` would hide an install step that is broken.
public enum RequiredTools {
    public static var areRequired: Bool {
        ProcessInfo.processInfo.environment["MEDITATE_TEST_REQUIRE_TOOLS"] != nil
    }

    /// Whether a test that needs `tool` runs: it is there, or it must be.
    public static func runs(needing available: Bool) -> Bool {
        available || areRequired
    }

    /// Whether each of `paths` is an executable file (or they are required).
    public static func installed(_ paths: String...) -> Bool {
        runs(needing: paths.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) })
    }
}
