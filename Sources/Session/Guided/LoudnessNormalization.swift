import Foundation

/// The gain that brings a track to a target loudness without clipping: the difference between
/// the target and the track's integrated loudness, lowered when it would lift the track's peak
/// above the ceiling.
public struct LoudnessNormalization: Sendable, Equatable {
    /// EBU R128's speech-friendly level for listening at home; what `play` aims for by default.
    public static let defaultTarget = -18.0
    /// Sample peaks stay at or below this (dBFS): headroom for resampling and the gongs.
    public static let peakCeiling = -1.0
    /// The targets a person may ask for.
    public static let targetRange = -40.0 ... -6.0

    /// The gain in decibels (negative: quieter).
    public let gainDecibels: Double
    /// Whether the peak, not the loudness, set the gain (the track stays quieter than the target).
    public let limitedByPeak: Bool

    /// Unity gain: `--no-normalize`.
    public static let unity = LoudnessNormalization(gainDecibels: 0, limitedByPeak: false)

    private init(gainDecibels: Double, limitedByPeak: Bool) {
        self.gainDecibels = gainDecibels
        self.limitedByPeak = limitedByPeak
    }

    /// - Parameters:
    ///   - loudness: integrated loudness in LUFS; nil for a track too short or too quiet to
    ///     measure, which is played at unity (or lowered to the ceiling).
    ///   - peak: the track's sample peak, linear (1.0 is full scale).
    public init(loudness: Double?, peak: Double, target: Double = defaultTarget) {
        let wanted = loudness.map { target - $0 } ?? 0
        guard peak > 0 else {
            self.init(gainDecibels: wanted, limitedByPeak: false)
            return
        }
        let allowed = Self.peakCeiling - 20 * log10(peak)
        self.init(gainDecibels: min(wanted, allowed), limitedByPeak: allowed < wanted)
    }

    /// The gain as a factor on samples.
    public var linearGain: Float { Float(pow(10, gainDecibels / 20)) }
}
