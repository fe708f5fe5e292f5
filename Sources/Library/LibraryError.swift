import Decoders
import Foundation

/// What went wrong with the library, one line each for the person at the terminal.
public enum LibraryError: LocalizedError, Equatable {
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

    public var errorDescription: String? {
        switch self {
        case let .database(path, reason):
            return "the library at '\(path)' cannot be used: \(reason)"
        case let .unreadable(path, reason):
            return "'\(path)': cannot read the file (\(reason))"
        case let .undecodable(error):
            return error.errorDescription
        case let .unmeasurable(path, sampleRate):
            return "'\(path)': audio at \(sampleRate) Hz cannot be measured"
        case let .holdsNoAudio(path):
            return "'\(path)': holds no audio"
        case let .noSuchPath(path):
            return "'\(path)': no such file or folder"
        case let .noSuchTrack(reference):
            return "no track '\(reference)' in the library (see `meditate library list`)"
        case let .ambiguous(reference, candidates):
            return
                "'\(reference)' matches \(candidates.count) tracks (\(Self.shortList(candidates))); give its id or more of the title"
        case let .copyFailed(path, reason):
            return "'\(path)': cannot copy it into the library (\(reason))"
        case let .damagedSamples(path, count):
            return "'\(path)': the file is damaged (\(count) samples are not a number or beyond +24 dBFS)"
        case let .measuringStopped(path):
            return
                "'\(path)': measuring its loudness took too long; `meditate library import` measures it once for good"
        }
    }

    /// The first few of many names, for a one-line message: "a, b, c, d, …".
    public static func shortList(_ names: [String]) -> String {
        names.prefix(4).joined(separator: ", ") + (names.count > 4 ? ", …" : "")
    }
}
