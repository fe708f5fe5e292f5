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

    /// "its header promises 49997 samples, it holds 23040".
    public var english: String {
        let unit =
            switch self.unit {
            case .samples: "samples"
            case .frames: "frames"
            case .bytes: "bytes"
            }
        return "its header promises \(promised) \(unit), it holds \(held)"
    }
}
