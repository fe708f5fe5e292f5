/// The spectral colour of a noise bed.
public enum NoiseColor: String, Sendable, CaseIterable {
    /// Equal power per hertz.
    case white
    /// Power falling 3 dB per octave: equal power per octave.
    case pink
    /// Power falling 6 dB per octave (Brownian, integrated white noise).
    case brown
    /// The sea: brown noise under a slow, irregular swell, with a brighter wash at each crest.
    case ocean
}
