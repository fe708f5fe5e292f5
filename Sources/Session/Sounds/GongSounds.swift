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

    /// Whether `gong` is heard: a role whose sound is `none` (a sleep, `--gong none`) is a
    /// moment in the plan that nobody hears, and no face names it as a gong.
    public func rings(_ gong: SessionPlan.Gong) -> Bool {
        sound(for: gong.kind.role).frameCount > 0
    }

    /// The completion gong's sound, whose ring-out ends a render.
    public var end: SampleBuffer { sound(for: .end) }
}
