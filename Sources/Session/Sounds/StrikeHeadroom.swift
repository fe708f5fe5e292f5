import Foundation
import Mixer

/// Keeps a gong's strikes from summing past full scale. A bowl still rings when it is struck
/// again 1.5 s later, and the same waveform laid over its own tail peaks higher than either:
/// the bundled bowl twice at full volume (a walk's transition) reaches 1.08, three times 1.14,
/// and the output would clip those peaks. The strikes after the first play at a gain that keeps
/// their sum under the ceiling, and the first strike's tail is brought to that gain just before
/// the second: the first strike sounds as asked, the rest a dB or two softer, nothing clips.
///
/// Peaks are measured once per sound, number of strikes and spacing, on the control side.
struct StrikeHeadroom {
    /// Sample peaks of strikes together stay at or below this (−1 dBFS, as a track's), or at
    /// the first strike's own peak where that is higher (a loud gong file, which plays as given).
    static let ceiling = Float(pow(10, LoudnessNormalization.peakCeiling / 20))
    /// How long before the second strike the first one's tail is brought down: a decaying ring
    /// lowered by a dB or two over 50 ms is not heard as a step.
    static let rampMilliseconds = 50

    private struct Key: Hashable {
        let sound: ObjectIdentifier
        let strikes: Int
        let spacing: Int
    }

    /// The peak of one strike, and of the strikes together from the second one on, at unit gain.
    private var peaks: [Key: (single: Float, together: Float)] = [:]

    /// The gain of the strikes after the first, for `strikes` strikes of `sound` `spacing`
    /// frames apart at `volume`: `volume`, unless their sum would peak above the limit.
    mutating func laterGain(sound: SampleBuffer, strikes: Int, spacing: Int, volume: Float) -> Float {
        guard strikes > 1, spacing > 0, volume > 0 else { return volume }
        let key = Key(sound: ObjectIdentifier(sound), strikes: strikes, spacing: spacing)
        let measured = peaks[key] ?? Self.measure(sound, strikes: strikes, spacing: spacing)
        peaks[key] = measured
        let limit = max(Self.ceiling, volume * measured.single)
        guard measured.together * volume > limit else { return volume }
        return limit / measured.together
    }

    /// Sums the strikes' samples frame by frame from the second strike to the last one's end.
    private static func measure(_ sound: SampleBuffer, strikes: Int, spacing: Int) -> (single: Float, together: Float) {
        let frames = sound.frameCount
        var single: Float = 0
        for i in 0..<(2 * frames) { single = max(single, abs(sound[sample: i])) }
        var together: Float = 0
        var frame = spacing
        let end = (strikes - 1) * spacing + frames
        while frame < end {
            for channel in 0..<2 {
                var sum: Float = 0
                var offset = frame
                // The strikes sounding at `frame`: each `spacing` earlier than the one after it.
                for _ in 0..<strikes where offset >= 0 {
                    if offset < frames { sum += sound[sample: 2 * offset + channel] }
                    offset -= spacing
                }
                together = max(together, abs(sum))
            }
            frame += 1
        }
        return (single, together)
    }
}
