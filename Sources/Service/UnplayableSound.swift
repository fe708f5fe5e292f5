import Foundation
import Settings

/// A path a client named that is not playable audio, said the same way whatever the reason: a
/// service that told "no such file" from "a folder" from "not audio" would tell whoever reaches
/// it what exists on its machine, for any path it can read.
struct UnplayableSound: LocalizedError, Equatable {
    let path: String

    var errorDescription: String? {
        "'\(path)': "
            + localized(
                "not a playable audio file (MP3, WAV, FLAC, Ogg, AIFF)",
                de: "keine abspielbare Audiodatei (MP3, WAV, FLAC, Ogg, AIFF)")
    }
}
