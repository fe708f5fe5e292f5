/// Makes the two sides of one mixer: the control side (`MixerController`, any one ordinary
/// thread) and the render side (`MixerRenderer`, the one thread that renders), connected by
/// the lock-free queues of a `MixerRings`.
public enum MixerFactory {
    /// A control side and its render side.
    public static func make(
        format: EngineFormat, limits: MixerLimits = MixerLimits()
    ) -> (controller: MixerController, renderer: MixerRenderer) {
        let rings = MixerRings(commandCapacity: limits.commandCapacity, maxVoices: limits.maxVoices)
        return (
            MixerController(rings: rings, format: format),
            MixerRenderer(rings: rings, format: format, limits: limits)
        )
    }
}
