/// Render-side state of one playing voice. Lives in the renderer's preallocated voice table.
@usableFromInline
struct Voice {
    @usableFromInline enum Kind {
        case idle
        case sample(SampleBuffer)
        case stream(StreamSource)
        case noise
    }

    @usableFromInline var id = VoiceID(rawValue: 0)
    @usableFromInline var kind: Kind = .idle
    @usableFromInline var bus = 0
    @usableFromInline var gain = GainRamp(value: 1)
    /// Next frame of a sample voice.
    @usableFromInline var position = 0
    @usableFromInline var noise = NoiseGenerator(color: .white, seed: 0, sampleRate: 48_000)
    /// The voice ends when its current ramp has run out (a fade-out before a stop).
    @usableFromInline var stopsAfterRamp = false

    /// Thread: render.
    @usableFromInline var isActive: Bool {
        if case .idle = kind { return false }
        return true
    }
}
