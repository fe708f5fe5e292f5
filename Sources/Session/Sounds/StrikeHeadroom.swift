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

    /// Frames per block of the envelope that lets `measure` skip what cannot be the peak.
    private static let blockFrames = 256

    /// Sums the strikes' samples frame by frame from the second strike to the last one's end.
    /// A block is summed only where the loudest samples of the strikes sounding in it could add
    /// up to more than the peak found so far: a decaying bowl's late blocks are skipped, and a
    /// two-minute gong struck ten times costs milliseconds, not a second.
    private static func measure(_ sound: SampleBuffer, strikes: Int, spacing: Int) -> (single: Float, together: Float) {
        let frames = sound.frameCount
        let block = blockFrames
        var envelope = [Float](repeating: 0, count: max(1, (frames + block - 1) / block))
        for i in 0..<(2 * frames) {
            let b = i / (2 * block)
            envelope[b] = max(envelope[b], abs(sound[sample: i]))
        }
        let single = envelope.max() ?? 0
        var together: Float = 0
        var start = spacing
        let end = (strikes - 1) * spacing + frames
        while start < end {
            let stop = min(start + block, end)
            // The most each strike sounding in [start, stop) can add there.
            var bound: Float = 0
            for k in 0..<strikes {
                let low = max(0, start - k * spacing), high = min(frames, stop - k * spacing)
                guard low < high else { continue }
                bound += envelope[(low / block)...((high - 1) / block)].max() ?? 0
            }
            if bound > together {
                for frame in start..<stop {
                    for channel in 0..<2 {
                        var sum: Float = 0
                        for k in 0..<strikes {
                            let source = frame - k * spacing
                            if source >= 0 && source < frames { sum += sound[sample: 2 * source + channel] }
                        }
                        together = max(together, abs(sum))
                    }
                }
            }
            start = stop
        }
        return (single, together)
    }
}
