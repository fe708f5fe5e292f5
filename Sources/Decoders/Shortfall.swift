import Localization

/// What a truncated file holds against what its header promised, as numbers, so that each
/// language words it (a German line ended in English while it was a preformatted text).
public struct Shortfall: Sendable, Equatable {
    /// What is counted: an MP3's samples per channel, a decoded file's frames, a RIFF file's bytes.
    public enum Unit: Sendable, Equatable {
        case samples, frames, bytes
    }

    public let unit: Unit
    public let promised: Int
    public let held: Int

    public init(_ unit: Unit, promised: Int, held: Int) {
        self.unit = unit
        self.promised = promised
        self.held = held
    }

    /// "its header promises 49997 samples, it holds 23040", in both languages.
    package var phrase: Phrase {
        let (english, german) =
            switch unit {
            case .samples: ("samples", "Samples")
            case .frames: ("frames", "Frames")
            case .bytes: ("bytes", "Bytes")
            }
        return Phrase(
            "its header promises \(promised) \(english), it holds \(held)",
            de: "laut Dateikopf \(promised) \(german), enthalten sind \(held)")
    }
}
