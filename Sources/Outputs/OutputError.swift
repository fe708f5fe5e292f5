import Foundation
import Localization

/// Why audio could not be written or played.
public enum OutputError: LocalizedError, Equatable, PhrasedError {
    case cannotCreate(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    /// A destination that exists and is not a regular file: a device, a FIFO, a folder, a
    /// socket, or a link to one. Renaming a render onto it would replace it.
    case notAFile(path: String)
    /// `-o -`: a WAV's header needs its length, which a stream cannot go back and write.
    case standardOutput
    /// A sound system or device could not be opened.
    case unavailable(backend: String, device: String?, reason: String)
    /// The device or sound server went away while playing.
    case deviceLost(reason: String)
    /// Nothing could be opened; each attempt says why.
    case noOutput(attempts: [OutputError])
    /// The engine plays as many programs at once as it was made for, and one more was asked.
    case engineFull(programs: Int)

    /// The English line (the German one: `phrase`).
    public var errorDescription: String? { phrase.english }

    /// The line in both languages.
    package var phrase: Phrase {
        switch self {
        case let .cannotCreate(path, reason):
            Phrase(
                "cannot write '\(path)': \(reason)",
                de: "kann '\(path)' nicht schreiben: \(SystemReason.german(reason))")
        case let .writeFailed(path, reason):
            Phrase(
                "writing '\(path)' failed: \(reason)",
                de: "Schreiben von '\(path)' fehlgeschlagen: \(SystemReason.german(reason))")
        case let .notAFile(path):
            Phrase(
                "cannot write '\(path)': it is not a regular file (a device, a FIFO or a folder); -o writes files only",
                de:
                    "kann '\(path)' nicht schreiben: keine gewöhnliche Datei (ein Gerät, ein FIFO oder ein Ordner); -o schreibt nur Dateien"
            )
        case .standardOutput:
            Phrase(
                "-o - (standard output) is not supported: a WAV's header needs the length; give a file name",
                de:
                    "-o - (Standardausgabe) geht nicht: der Kopf einer WAV-Datei braucht die Länge; gib einen Dateinamen an"
            )
        case let .unavailable(backend, device, reason):
            Phrase(
                "cannot open \(backend)\(device.map { " device '\($0)'" } ?? ""): \(reason)",
                de:
                    "kann \(backend)\(device.map { "-Gerät '\($0)'" } ?? "") nicht öffnen: \(SystemReason.german(reason))"
            )
        case let .deviceLost(reason):
            Phrase(
                "the sound device went away: \(reason)", de: "das Audiogerät ist weg: \(SystemReason.german(reason))")
        case let .engineFull(programs):
            Phrase(
                "\(programs) sounds are playing at once, as many as the engine plays; try again when one ends",
                de:
                    "\(programs) Klänge spielen gleichzeitig, so viele, wie die Engine spielt; versuche es, wenn einer endet"
            )
        case let .noOutput(attempts):
            Phrase(
                "no sound output: " + attempts.map(\.phrase.english).joined(separator: "; ")
                    + " (choose one with --backend pulse|alsa|snapcast and --device NAME, see `meditate devices`, "
                    + "or write a file with `meditate render`)",
                de: "keine Audioausgabe: " + attempts.map(\.phrase.german).joined(separator: "; ")
                    + " (wähle eine mit --backend pulse|alsa|snapcast und --device NAME, siehe `meditate devices`, "
                    + "oder schreibe eine Datei mit `meditate render`)")
        }
    }
}
