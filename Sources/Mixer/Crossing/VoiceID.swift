/// Identifies a voice across the control and render sides.
public struct VoiceID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "voice \(rawValue)" }
}
