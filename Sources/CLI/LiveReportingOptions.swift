import ArgumentParser
import Foundation
import Localization
import Logging
import Settings

/// How much a live command says, and whether in colour: shared by the timer and `play`.
struct LiveReportingOptions: ParsableArguments {
    @Flag(
        name: .shortAndLong,
        help: .localized(
            "No status line and no summary; errors only.",
            de: "Keine Statuszeile und keine Zusammenfassung; nur Fehler."))
    var quiet = false

    @Flag(
        name: .shortAndLong,
        help: .localized(
            "Log the device, its negotiated buffer and underruns.",
            de: "Protokolliert das Gerät, seinen ausgehandelten Puffer und Unterläufe."))
    var verbose = false

    @Flag(
        name: .customLong("no-color"),
        help: .localized(
            "No colours (also when NO_COLOR is set).",
            de: "Keine Farben (auch wenn NO_COLOR gesetzt ist)."))
    var noColor = false

    @Option(
        name: .customLong("affirmations"),
        help: .localized(
            "Show your own affirmations while sitting, one per line of this file (default: a built-in set).",
            de: "Zeigt beim Sitzen deine eigenen Affirmationen, eine pro Zeile dieser Datei (Standard: eingebaute).",
            valueName: "file"))
    var affirmationsFile: String?

    @Flag(
        name: .customLong("no-affirmations"),
        help: .localized(
            "No affirmations in the status line.",
            de: "Keine Affirmationen in der Statuszeile."))
    var noAffirmations = false

    /// The affirmations to rotate through while sitting; none when turned off.
    func affirmations(_ settings: Settings) throws -> [String] {
        guard settings.value(SettingKeys.affirmations, flag: noAffirmations ? false : nil) else { return [] }
        guard let path = settings.value(SettingKeys.affirmationsFile, flag: affirmationsFile) else {
            return say(.affirmations).split(separator: "\n").map(String.init)
        }
        let text: String
        do {
            text = try TextFile.read(path)
        } catch {
            throw ValidationError(
                localized(
                    "cannot read the affirmations in \(path): \(error.reason)",
                    de: "kann die Affirmationen in \(path) nicht lesen: \(error.reason)"))
        }
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !lines.isEmpty else {
            throw ValidationError(
                localized(
                    "\(path) holds no affirmations (one per line)",
                    de: "\(path) enthält keine Affirmationen (eine pro Zeile)"))
        }
        return lines
    }

    /// Notices go to the log when there is no terminal to show them in.
    func makeLogger() -> Logger {
        LoggerFactory.make(level: quiet ? .error : verbose ? .info : Terminal.isInteractive ? .warning : .notice)
    }

    var color: Bool { Terminal.allowsColor(noColorFlag: noColor) }
}
