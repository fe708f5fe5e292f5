/// A struck, ringing object as a sum of decaying modes: what a singing bowl, a gong and a bell
/// have in common. Each partial is a pair of modes a few tenths of a hertz apart (a real bowl is
/// never perfectly round), which gives the slow beating; each decays exponentially at its own rate.
public struct StruckModel: Sendable {
    public struct Partial: Sendable {
        /// Frequency relative to the model's fundamental (inharmonic for bowls and gongs).
        public var ratio: Double
        /// Relative amplitude at the strike.
        public var amplitude: Double
        /// Time to fall by 60 dB, in seconds.
        public var decaySeconds: Double
        /// Distance between the two modes of the pair: the beating rate.
        public var beatHertz: Double

        public init(ratio: Double, amplitude: Double, decaySeconds: Double, beatHertz: Double) {
            self.ratio = ratio
            self.amplitude = amplitude
            self.decaySeconds = decaySeconds
            self.beatHertz = beatHertz
        }
    }

    public var fundamental: Double
    public var partials: [Partial]
    /// The mallet's contact: a short burst of low-passed noise at the strike.
    public var strikeNoise: Double
    public var strikeNoiseDecaySeconds: Double
    /// The sound's full length; the last half second fades to exact zero.
    public var durationSeconds: Double
    /// Peak of the finished sound in dBFS.
    public var peakDecibels: Double = -1.5

    public init(
        fundamental: Double, partials: [Partial], strikeNoise: Double,
        strikeNoiseDecaySeconds: Double, durationSeconds: Double
    ) {
        self.fundamental = fundamental
        self.partials = partials
        self.strikeNoise = strikeNoise
        self.strikeNoiseDecaySeconds = strikeNoiseDecaySeconds
        self.durationSeconds = durationSeconds
    }
}
