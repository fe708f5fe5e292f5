import Foundation
import ProgramTestSupport

/// The source tree's `make` targets that build and install the package, run as a person would.
enum PackageBuild {
    /// The repository's root (this file is Tests/CLITests/Packaging/PackageBuild.swift).
    static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs `make ARGUMENTS` in the source tree with `environment` added to this process's.
    static func make(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIRunner.Result {
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // make's own variables from an enclosing `make test` would leak into this one.
        for name in ["MAKEFLAGS", "MAKELEVEL", "MFLAGS"] { merged[name] = nil }
        return try CLIRunner.run(
            program: "/usr/bin/make", ["--no-print-directory", "-C", sourceRoot] + arguments,
            environment: merged, timeout: 2700)
    }

    /// Builds meditate_VERSION_ARCH.deb with `make deb` (the release build too, when it is not
    /// there yet), for `architecture` when given (arm64: cross-built), and gives its path.
    static func deb(architecture: String? = nil) throws -> String {
        let made = try make(["-s", "deb"] + (architecture.map { ["ARCH=" + $0] } ?? []))
        guard made.status == 0, let path = made.stdout.split(separator: "\n").last.map(String.init),
            path.hasSuffix(".deb")
        else {
            throw PackagingFailure(
                description: "make deb failed: \(made.stdout.suffix(2000)) \(made.stderr.suffix(2000))")
        }
        return path.hasPrefix("/") ? path : sourceRoot + "/" + path
    }
}
