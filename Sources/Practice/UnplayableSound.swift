import Decoders
import Foundation
import Library
import Localization
import Settings

/// A path a client named that is not playable audio, said the same way whatever the reason: a
/// service that told "no such file" from "a folder" from "not audio" would tell whoever reaches
/// it what exists on its machine, for any path it can read.
package struct UnplayableSound: LocalizedError, Equatable {
    package let path: String

    package var errorDescription: String? {
        // Quoted short when long, as every refused value is: a 60,000-character path was echoed.
        "'\(ShownValue.path(path))': "
            + localized(
                "not a playable audio file (MP3, WAV, FLAC, Ogg, AIFF)",
                de: "keine abspielbare Audiodatei (MP3, WAV, FLAC, Ogg, AIFF)")
    }

    /// `error` as a client is told it of a file it named: any reason that is the file's (not
    /// there, a folder, not audio, unreadable, damaged) becomes this one; others (the library's
    /// database, a title it does not have) are the error itself.
    package static func hidingWhatIsThere(_ error: any Error, reference: String) -> any Error {
        // A track or a bed written as a path is playable or not, whatever is there; a title is
        // the library's to answer for.
        reference.contains("/") ? hidingWhatIsThere(error, path: reference) : error
    }

    package static func hidingWhatIsThere(_ error: any Error, path: String) -> any Error {
        if error is DecoderError { return UnplayableSound(path: path) }
        guard let error = error as? LibraryError else { return error }
        switch error {
        case .unreadable, .undecodable, .unmeasurable, .holdsNoAudio, .noSuchPath, .damagedSamples:
            return UnplayableSound(path: path)
        case .database, .noSuchTrack, .ambiguous, .copyFailed, .measuringStopped, .courseExists, .sameSit,
            .noSuchCourse,
            .shared:
            return error
        }
    }
}
