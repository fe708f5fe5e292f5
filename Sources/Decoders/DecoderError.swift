import Foundation
import Localization

/// Why a file could not be decoded, worded for the person who named the file.
public enum DecoderError: LocalizedError, Equatable, PhrasedError {
    case fileNotFound(path: String)
    case unreadable(path: String, reason: String)
    case empty(path: String)
    case notAudio(path: String)
    case truncated(path: String, shortfall: Shortfall)
    case decodeFailed(path: String, reason: String)
    case resamplerFailed(reason: String)
    /// A path that is not a regular file (a FIFO, a device, a socket, a folder).
    case notRegularFile(path: String, kind: FileKind)
    /// A file that holds, or whose header claims, more than `SourceFormat.maxSeconds`.
    case implausibleLength(path: String)
    /// A file whose header claims more audio than any sound of its use may have.
    case tooLong(path: String, seconds: Int, limit: Int)

    /// What a path that is not a regular file is.
    public enum FileKind: Sendable, Equatable {
        case directory, fifo, characterDevice, blockDevice, socket, other

        /// What it is, in both languages.
        package var phrase: Phrase {
            switch self {
            case .directory: Phrase("a folder", de: "ein Ordner")
            case .fifo: Phrase("a FIFO", de: "ein FIFO")
            case .characterDevice: Phrase("a character device", de: "ein zeichenorientiertes Gerät")
            case .blockDevice: Phrase("a block device", de: "ein Blockgerät")
            case .socket: Phrase("a socket", de: "ein Socket")
            case .other: Phrase("a special file", de: "eine Sonderdatei")
            }
        }
    }

    /// The English line (the German one: `phrase`).
    public var errorDescription: String? { phrase.english }

    /// The line in both languages.
    package var phrase: Phrase {
        switch self {
        case let .fileNotFound(path): Phrase("'\(path)': no such file", de: "'\(path)': keine solche Datei")
        case let .unreadable(path, reason):
            Phrase(
                "'\(path)': cannot read the file (\(reason))",
                de:
                    "'\(path)': die Datei ist nicht lesbar (\(reason == RegularFile.directoryReason ? "ein Ordner" : DecoderReason.german(reason)))"
            )
        case let .empty(path): Phrase("'\(path)': the file is empty", de: "'\(path)': die Datei ist leer")
        case let .notAudio(path):
            Phrase(
                "'\(path)': not an audio file this program can read (MP3, WAV, FLAC, Ogg, AIFF)",
                de: "'\(path)': keine Audiodatei, die dieses Programm lesen kann (MP3, WAV, FLAC, Ogg, AIFF)")
        case let .truncated(path, shortfall):
            Phrase(
                "'\(path)': the file is truncated (\(shortfall.phrase.english))",
                de: "'\(path)': die Datei ist abgeschnitten (\(shortfall.phrase.german))")
        case let .decodeFailed(path, reason):
            Phrase(
                "'\(path)': decoding failed (\(reason))",
                de: "'\(path)': Dekodieren fehlgeschlagen (\(DecoderReason.german(reason)))")
        case let .resamplerFailed(reason):
            Phrase("resampling failed (\(reason))", de: "Umrechnen der Abtastrate fehlgeschlagen (\(reason))")
        case let .notRegularFile(path, kind):
            Phrase(
                "'\(path)': \(kind.phrase.english), not a regular file",
                de: "'\(path)': \(kind.phrase.german), keine gewöhnliche Datei")
        case let .implausibleLength(path):
            Phrase(
                "'\(path)': its header claims more than \(SourceFormat.maxSeconds / 3600) hours of audio; the file is damaged",
                de:
                    "'\(path)': ihr Kopf verspricht mehr als \(SourceFormat.maxSeconds / 3600) Stunden Ton; die Datei ist beschädigt"
            )
        case let .tooLong(path, seconds, limit):
            Phrase(
                "'\(path)': \(seconds / 60) min \(seconds % 60) s is too long for a gong (at most \(limit / 60) min); play it with --guided",
                de:
                    "'\(path)': \(seconds / 60) min \(seconds % 60) s sind zu lang für einen Gong (höchstens \(limit / 60) min); spiele sie mit --guided"
            )
        }
    }
}
