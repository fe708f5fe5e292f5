import Foundation
import Library
import Localization
import Settings

/// `meditate --generate-completion-script SHELL` and `meditate __complete SHELL -- WORD…` (what
/// the scripts ask at each Tab), answered before ArgumentParser reads the line: its own scripts
/// know neither the default command's options at the top level nor presets and titles.
enum CompletionCommand {
    /// The output for `arguments` when they ask for completion, else nil.
    static func output(for arguments: [String]) -> String? {
        guard let first = arguments.first else { return nil }
        if first == "--generate-completion-script" || first.hasPrefix("--generate-completion-script=") {
            let shell =
                first.contains("=") ? String(first.split(separator: "=", maxSplits: 1)[1]) : arguments.dropFirst().first
            return CompletionScripts.script(for: shell ?? "") ?? ""
        }
        guard first == "__complete" else { return nil }
        var words = Array(arguments.dropFirst(2))
        if words.first == "--" { words.removeFirst() }
        guard let tree = CommandTree.ofMeditate() else { return "-\n" }
        let presets = (try? Settings.load())?.presets.keys.sorted() ?? []
        let completer = Completer(tree: tree, presets: presets, titles: libraryTitles, courses: libraryCourses)
        let answer = completer.complete(words.isEmpty ? [""] : words)
        return ([answer.files ? "files" : "-"] + answer.words).joined(separator: "\n") + "\n"
    }

    /// The library's titles, when there is a library: a Tab never makes one.
    private static func libraryTitles() -> [String] {
        guard let database = existingLibrary(),
            let tracks = try? TrackLibrary(database: database).allTracks()
        else { return [] }
        return tracks.map(\.title)
    }

    /// The library's courses by name, when there is a library.
    private static func libraryCourses() -> [String] {
        (try? existingLibrary()?.courses().map(\.name)) ?? []
    }

    /// The library for its tracks alone (no history merged for a Tab), when there is one.
    private static func existingLibrary() -> LibraryDatabase? {
        let paths = LibraryPaths(environment: ProcessEnvironment.variables)
        guard FileManager.default.fileExists(atPath: paths.database) else { return nil }
        return try? LibraryDatabase(tracksOf: paths)
    }
}
