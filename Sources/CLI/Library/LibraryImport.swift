import ArgumentParser
import Foundation
import Library

/// `meditate library import PATH…`
struct LibraryImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import audio files, or folders of them (searched recursively).",
        discussion: """
        Reads title, artist (shown as teacher) and album, the exact duration, and measures the
        integrated loudness (EBU R128) once. MP3, WAV, FLAC, Ogg and AIFF. Importing a file again
        changes nothing; a file that moved is found again by its content. Files that cannot be
        read are reported, one line each, and skipped; the exit status is then 1.
        """)

    @Argument(help: ArgumentHelp("Files or folders to import.", valueName: "path"))
    var inputs: [String]

    @Flag(help: "Copy the files into the library's folder instead of referring to them where they are.")
    var copy = false

    @Flag(name: .shortAndLong, help: "Only report problems.")
    var quiet = false

    @OptionGroup var location: LibraryLocation

    func run() throws {
        let database = try location.open()
        let importer = TrackImporter(database: database, paths: location.paths)
        let (files, missing) = importer.collect(inputs)
        for failure in missing { Self.report(failure.line) }
        let progress = ImportProgress(total: files.count)
        var counts: [String: Int] = [:]
        for (index, file) in files.enumerated() {
            progress.show(done: index, current: file)
            let outcome = importer.importFile(file, copy: copy)
            progress.clear()
            if outcome.isFailure {
                Self.report(outcome.line)
            } else if !quiet {
                print(outcome.line)
                // A line per file as it is done, also into a pipe: whoever watches sees progress.
                fflush(nil)
            }
            counts[outcome.kindName, default: 0] += 1
        }
        progress.clear()
        let failed = counts["skipped", default: 0] + missing.count
        if !quiet {
            let parts = ["imported", "updated", "found again", "unchanged", "duplicate", "skipped"]
                .compactMap { name -> String? in
                    let count = name == "skipped" ? failed : counts[name, default: 0]
                    return count > 0 ? "\(count) \(name)" : nil
                }
            print(parts.isEmpty ? "nothing to import" : parts.joined(separator: ", "))
        }
        // As cp and tar do: the rest is imported, and the exit status says that not all was.
        if failed > 0 { throw ExitCode(1) }
    }

    static func report(_ line: String) {
        FileHandle.standardError.write(Data("meditate: \(line)\n".utf8))
    }
}

extension ImportOutcome {
    var kindName: String {
        switch self {
        case .imported: "imported"
        case .updated: "updated"
        case .moved: "found again"
        case .unchanged: "unchanged"
        case .duplicate: "duplicate"
        case .failed: "skipped"
        }
    }
}
