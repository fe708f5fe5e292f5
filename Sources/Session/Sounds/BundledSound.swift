import Foundation

/// The sounds that ship with meditate, made by `make-sounds` (see Sources/Synthesis).
public enum BundledSound: String, Sendable, CaseIterable {
    /// A singing bowl: the default gong.
    case bowl
    /// A deep gong.
    case gong
    /// A small bell.
    case bell

    public var fileName: String { rawValue + ".wav" }
}
