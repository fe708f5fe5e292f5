import Mixer

/// The sound of each gong role of a program, loaded off the render thread. Roles given no sound
/// of their own play `main` (the sit's `--gong`); the same file named twice is loaded once.
public struct GongSounds: Sendable {
    public let main: SampleBuffer
    private let byRole: [GongRole: SampleBuffer]

    public init(_ main: SampleBuffer, byRole: [GongRole: SampleBuffer] = [:]) {
        self.main = main
        self.byRole = byRole
    }

    public func sound(for role: GongRole?) -> SampleBuffer {
        role?.value(in: byRole) ?? main
    }

    /// The completion gong's sound, whose ring-out ends a render.
    public var end: SampleBuffer { sound(for: .end) }
}
