import Decoders
import Foundation
import Localization
import SyncFolder

/// What went wrong with the library, one line each for the person at the terminal.
public enum LibraryError: LocalizedError, Equatable, PhrasedError {
    case database(path: String, reason: String)
    case unreadable(path: String, reason: String)
    /// The decoder could not read the file as audio.
    case undecodable(DecoderError)
    /// Audio at a rate the loudness meter cannot measure.
    case unmeasurable(path: String, sampleRate: Int)
    /// A file that decodes to no frames at all.
    case holdsNoAudio(path: String)
    /// An import path that names nothing.
    case noSuchPath(path: String)
    case noSuchTrack(reference: String)
    case ambiguous(reference: String, candidates: [String])
    case copyFailed(path: String, reason: String)
    /// Samples that are not sound: NaN, infinite, or beyond +24 dBFS.
    case damagedSamples(path: String, count: Int)
    /// Measuring a file outside the library was stopped: it took too long, or the session
    /// it was for was stopped first.
    case measuringStopped(path: String)
    case courseExists(name: String)
    /// A sit set to the start, kind and time sat of another: the history holds each once.
    case sameSit(as: Int64)
    case noSuchCourse(name: String, known: [String])
    /// A schedule's file in the shared folder could not be written.
    case shared(ShelfError)

    /// The English line (the German one: `phrase`).
    public var errorDescription: String? { phrase.english }

    /// The line in both languages.
    package var phrase: Phrase {
        switch self {
        case let .database(path, reason):
            Phrase(
                "the library at '\(path)' cannot be used: \(reason)",
                de: "die Bibliothek in '\(path)' ist nicht benutzbar: \(DatabaseReason.german(reason))")
        case let .unreadable(path, reason):
            Phrase(
                "'\(path)': cannot read the file (\(reason))",
                de: "'\(path)': die Datei ist nicht lesbar (\(SystemReason.german(reason)))")
        case let .undecodable(error): error.phrase
        case let .shared(error): error.phrase
        case let .unmeasurable(path, sampleRate):
            Phrase(
                "'\(path)': audio at \(sampleRate) Hz cannot be measured",
                de: "'\(path)': Ton mit \(sampleRate) Hz lässt sich nicht messen")
        case let .holdsNoAudio(path): Phrase("'\(path)': holds no audio", de: "'\(path)': enthält keinen Ton")
        case let .noSuchPath(path):
            Phrase("'\(path)': no such file or folder", de: "'\(path)': keine solche Datei und kein solcher Ordner")
        case let .noSuchTrack(reference):
            Phrase(
                "no track '\(reference)' in the library (see `meditate library list`)",
                de: "keine Aufnahme '\(reference)' in der Bibliothek (siehe `meditate library list`)")
        case let .ambiguous(reference, candidates):
            Phrase(
                "'\(reference)' matches \(candidates.count) tracks (\(Self.shortList(candidates))); give its id or more of the title",
                de:
                    "'\(reference)' passt auf \(candidates.count) Aufnahmen (\(Self.shortList(candidates))); gib ihre ID oder mehr vom Titel an"
            )
        case let .copyFailed(path, reason):
            Phrase(
                "'\(path)': cannot copy it into the library (\(reason))",
                de: "'\(path)': kann nicht in die Bibliothek kopiert werden (\(SystemReason.german(reason)))")
        case let .damagedSamples(path, count):
            Phrase(
                "'\(path)': the file is damaged (\(count) samples are not a number or beyond +24 dBFS)",
                de: "'\(path)': die Datei ist beschädigt (\(count) Samples sind keine Zahl oder über +24 dBFS)")
        case let .measuringStopped(path):
            Phrase(
                "'\(path)': measuring its loudness took too long; `meditate library import` measures it once for good",
                de:
                    "'\(path)': die Lautheit zu messen dauerte zu lange; `meditate library import` misst sie einmal für immer"
            )
        case let .sameSit(other):
            Phrase(
                "sit \(other) began then and was as long already: the history holds each sit once",
                de: "Sitzung \(other) begann schon damals und war so lang: das Protokoll hält jede Sitzung einmal")
        case let .courseExists(name):
            Phrase(
                "there is a course '\(name)' already; `meditate library course remove \(name)` first, or take another name",
                de:
                    "es gibt schon einen Kurs '\(name)'; erst `meditate library course remove \(name)`, oder nimm einen anderen Namen"
            )
        case let .noSuchCourse(name, known) where known.isEmpty:
            Phrase(
                "no course '\(name)'; there is none yet (`meditate library course create NAME TRACK…`)",
                de: "kein Kurs '\(name)'; es gibt noch keinen (`meditate library course create NAME AUFNAHME…`)")
        case let .noSuchCourse(name, known):
            Phrase(
                "no course '\(name)'; there are \(Self.shortList(known))",
                de: "kein Kurs '\(name)'; es gibt \(Self.shortList(known))")
        }
    }

    /// The first few of many names, for a one-line message: "a, b, c, d, …".
    public static func shortList(_ names: [String]) -> String {
        names.prefix(4).joined(separator: ", ") + (names.count > 4 ? ", …" : "")
    }
}
