import ArgumentParser
import Foundation
import Logging

/// How much a live command says, and whether in colour: shared by the timer and `play`.
struct LiveReportingOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "No status line and no summary; errors only.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Log the device, its negotiated buffer and underruns.")
    var verbose = false

    @Flag(name: .customLong("no-color"), help: "No colours (also when NO_COLOR is set).")
    var noColor = false

    @Option(name: .customLong("affirmations"), help: ArgumentHelp(
        "Show your own affirmations while sitting, one per line of this file (default: a built-in set).",
        valueName: "file"))
    var affirmationsFile: String?

    @Flag(name: .customLong("no-affirmations"), help: "No affirmations in the status line.")
    var noAffirmations = false

    /// The affirmations to rotate through while sitting; none when turned off.
    func affirmations(_ settings: Settings) throws -> [String] {
        guard settings.value(SettingKeys.affirmations, flag: noAffirmations ? false : nil) else { return [] }
        guard let path = settings.value(SettingKeys.affirmationsFile, flag: affirmationsFile) else {
            return say(.affirmations).split(separator: "\n").map(String.init)
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ValidationError("cannot read the affirmations in \(path): \(ConfigFile.reason(error))")
        }
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !lines.isEmpty else { throw ValidationError("\(path) holds no affirmations (one per line)") }
        return lines
    }

    /// Notices go to the log when there is no terminal to show them in.
    func makeLogger() -> Logger {
        Logging.make(level: quiet ? .error : verbose ? .info : Terminal.isInteractive ? .warning : .notice)
    }

    var color: Bool { Terminal.allowsColor(noColorFlag: noColor) }
}
