#if canImport(Glibc)
import Glibc
#endif

/// Renders a `StruckModel` to interleaved stereo, deterministically (fixed phases, seeded noise).
public enum StruckSynthesizer {
    /// The attack: one millisecond rising from the first sample, which is already non-zero, so
    /// the sound's first sample is the strike.
    static let attackSeconds = 0.001
    static let tailFadeSeconds = 0.5

    public static func render(_ model: StruckModel, sampleRate: Int) -> [Float] {
        let rate = Double(sampleRate)
        let frames = Int(model.durationSeconds * rate)
        var left = [Double](repeating: 0, count: frames)
        var right = [Double](repeating: 0, count: frames)

        for (index, partial) in model.partials.enumerated() {
            let f1 = model.fundamental * partial.ratio
            let f2 = f1 + partial.beatHertz
            let decayPerSecond = 6.907_755 / partial.decaySeconds  // ln(1000): 60 dB
            // Phases fixed per partial, different per channel so the beats sway across the image.
            let phase = 0.37 + 1.1 * Double(index)
            let w1 = 2 * Double.pi * f1 / rate, w2 = 2 * Double.pi * f2 / rate
            let decay = exp(-decayPerSecond / rate)
            var envelope = partial.amplitude / 2
            for n in 0..<frames {
                let t = Double(n)
                let a = cos(w1 * t + phase), b = cos(w2 * t + phase + 0.4)
                let c = cos(w1 * t + phase + 0.9), d = cos(w2 * t + phase - 0.6)
                left[n] += envelope * (a + b)
                right[n] += envelope * (c + d)
                envelope *= decay
            }
        }

        addStrikeNoise(model, rate: rate, left: &left, right: &right)
        shapeEnds(rate: rate, left: &left, right: &right)

        var peak = 0.0
        for n in 0..<frames { peak = max(peak, abs(left[n]), abs(right[n])) }
        let gain = pow(10, model.peakDecibels / 20) / max(peak, 1e-12)
        var samples = [Float](repeating: 0, count: frames * 2)
        for n in 0..<frames {
            samples[2 * n] = Float(left[n] * gain)
            samples[2 * n + 1] = Float(right[n] * gain)
        }
        return samples
    }

    /// A short, decaying burst of one-pole low-passed noise: the mallet's contact.
    private static func addStrikeNoise(
        _ model: StruckModel, rate: Double,
        left: inout [Double], right: inout [Double]
    ) {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
        let length = min(left.count, Int(model.strikeNoiseDecaySeconds * 8 * rate))
        let decay = exp(-1 / (model.strikeNoiseDecaySeconds * rate))
        var envelope = model.strikeNoise
        var lowL = 0.0, lowR = 0.0
        for n in 0..<length {
            lowL += 0.2 * (uniform() - lowL)
            lowR += 0.2 * (uniform() - lowR)
            left[n] += envelope * lowL
            right[n] += envelope * lowR
            envelope *= decay
        }
    }

    /// A one-millisecond attack whose first sample is not zero, and a raised-cosine tail fade
    /// that ends on exact zero.
    private static func shapeEnds(rate: Double, left: inout [Double], right: inout [Double]) {
        let frames = left.count
        let attack = max(1, Int(attackSeconds * rate))
        for n in 0..<min(attack, frames) {
            let g = Double(n + 1) / Double(attack + 1)
            left[n] *= g
            right[n] *= g
        }
        let fade = min(frames, Int(tailFadeSeconds * rate))
        for i in 0..<fade {
            let n = frames - fade + i
            let g = 0.5 * (1 + cos(Double.pi * Double(i + 1) / Double(fade)))
            left[n] *= g
            right[n] *= g
        }
    }
}
