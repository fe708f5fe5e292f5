import ArgumentParser
import Foundation
import Library
import Localization
import Practice
import Settings

/// `meditate library import PATH…`
struct LibraryImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: localized(
            "Import audio files, or folders of them (searched recursively).",
            de: "Importiert Audiodateien oder Ordner davon (rekursiv durchsucht)."),
        discussion: localized(
            """
            Reads title, artist (shown as teacher) and album, the exact duration, and measures the
            integrated loudness (EBU R128) once. MP3, WAV, FLAC, Ogg and AIFF. Importing a file again
            changes nothing; a file that moved is found again by its content. Files that cannot be
            read are reported, one line each, and skipped; the exit status is then 1.
            """,
            de: """
                Liest Titel, Interpret (als Lehrer:in gezeigt) und Album, die genaue Dauer, und misst die
                integrierte Lautheit (EBU R128) einmal. MP3, WAV, FLAC, Ogg und AIFF. Eine Datei erneut zu
                importieren ändert nichts; eine verschobene Datei wird an ihrem Inhalt wiedererkannt.
                Unlesbare Dateien werden gemeldet, je eine Zeile, und übersprungen; der Status ist dann 1.
                """))

    @Argument(
        help: .localized("Files or folders to import.", de: "Dateien oder Ordner zum Importieren.", valueName: "path"))
    var inputs: [String]

    @Flag(
        help: .localized(
            "Copy the files into the library's folder instead of referring to them where they are.",
            de: "Kopiert die Dateien in den Ordner der Bibliothek, statt auf sie zu verweisen."))
    var copy = false

    @Flag(name: .shortAndLong, help: .localized("Only report problems.", de: "Nur Probleme melden."))
    var quiet = false

    @Option(
        name: .shortAndLong,
        help: .localized(
            "Files decoded at once (default: one per core).",
            de: "Gleichzeitig dekodierte Dateien (Standard: eine je Kern).", valueName: "n"))
    var jobs: Int?

    @OptionGroup var location: LibraryLocation

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) {
            throw ValidationError(
                localized("--jobs must be 1 to 256, not \(jobs)", de: "--jobs muss 1 bis 256 sein, nicht \(jobs)"))
        }
    }

    func run() throws {
        let database = try location.open()
        let importer = TrackImporter(database: database, paths: location.paths)
        let (files, missing) = importer.collect(inputs)
        for failure in missing { Self.report(failure.line) }
        let progress = ImportProgress(total: files.count)
        var counts: [ImportOutcomeKind: Int] = [:]
        // The decoding (hash, tags, length, loudness) runs on every core; the imports take
        // its results in the files' order, so the library and the lines are as one at a time.
        let preparations = InOrderWorkers(
            count: files.count, threads: jobs ?? ProcessInfo.processInfo.activeProcessorCount
        ) {
            index in importer.prepare(files[index])
        }
        for (index, file) in files.enumerated() {
            progress.show(done: index, current: file)
            let outcome = importer.importFile(file, copy: copy, prepared: preparations.take(index) ?? nil)
            progress.clear()
            if outcome.isFailure {
                Self.report(outcome.line)
            } else if !quiet {
                print(outcome.line)
                // A line per file as it is done, also into a pipe: whoever watches sees progress.
                fflush(nil)
            }
            counts[outcome.kind, default: 0] += 1
        }
        progress.clear()
        let failed = counts[.skipped, default: 0] + missing.count
        counts[.skipped] = failed
        if !quiet {
            let parts = ImportOutcomeKind.allCases.compactMap { kind -> String? in
                let count = counts[kind, default: 0]
                return count > 0 ? "\(count) \(kind.word)" : nil
            }
            print(
                parts.isEmpty
                    ? localized("nothing to import", de: "nichts zu importieren") : parts.joined(separator: ", "))
        }
        // As cp and tar do: the rest is imported, and the exit status says that not all was.
        if failed > 0 { throw ExitCode(FailureStatus.failure.rawValue) }
    }

    static func report(_ line: String) {
        StandardStream.write("meditate: \(line)\n", to: STDERR_FILENO)
    }
}
