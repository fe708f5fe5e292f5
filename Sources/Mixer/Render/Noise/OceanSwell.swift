/// The slow, irregular rise and fall of the sea under `NoiseColor.ocean`: three slow sine waves
/// of unrelated periods summed, so no swell repeats the last one. It moves in steps of
/// `stepFrames` and the generator glides between steps, so the render path makes no call to a
/// math library and no sine per sample.
///
/// Each wave is a point turning on the unit circle by a fixed rotation per step (a quadrature
/// oscillator); one Newton step per turn keeps its radius at 1 over hours. The phases come from
/// the seed, so the same seed gives the same sea.
public struct OceanSwell: Sendable {
    /// Frames between two computed levels of the swell.
    public static let stepFrames = 64
    /// Periods of the three waves in seconds: unrelated, so the sum keeps changing its shape.
    static let periods: SIMD4<Double> = [8.3, 12.7, 21.1, 1]

    @usableFromInline var x: SIMD4<Double>
    @usableFromInline var y: SIMD4<Double>
    @usableFromInline let cosine: SIMD4<Double>
    @usableFromInline let sine: SIMD4<Double>
    /// How much each wave weighs in the swell (the fourth lane is unused). Stored, not a static
    /// let: a static needs a once-token on the render thread.
    @usableFromInline let weights: SIMD4<Double> = [0.5, 0.3, 0.2, 0]

    /// Thread: render (made when a voice starts; no allocation).
    public init(seed: UInt64, sampleRate: Int) {
        var generator = SplitMix64(seed: seed ^ 0x0CEA_4E5E_A5EA_5E11)
        var x = SIMD4<Double>(), y = SIMD4<Double>()
        for lane in 0..<4 {
            // A point in the square, pushed onto the circle: a phase from the seed.
            let a = Double(generator.next() >> 11) / Double(1 << 53) * 2 - 1
            let b = Double(generator.next() >> 11) / Double(1 << 53) * 2 - 1
            let radius = (a * a + b * b).squareRoot()
            x[lane] = radius > 1e-6 ? a / radius : 1
            y[lane] = radius > 1e-6 ? b / radius : 0
        }
        self.x = x
        self.y = y
        // The rotation per step, from the Taylor series (the angle is below 0.01 rad, where
        // five terms are exact to the last bit of a Double).
        let framesPerPeriod: SIMD4<Double> = Self.periods * Double(sampleRate)
        let angle: SIMD4<Double> = 2 * Double.pi * Double(Self.stepFrames) / framesPerPeriod
        let a2: SIMD4<Double> = angle * angle
        let a4: SIMD4<Double> = a2 * a2
        let a6: SIMD4<Double> = a4 * a2
        let c: SIMD4<Double> = 1 - a2 / 2 + a4 / 24 - a6 / 720
        let s: SIMD4<Double> = 1 - a2 / 6 + a4 / 120 - a6 / 5040
        cosine = c
        sine = angle * s
    }

    /// The swell now, from 0 (a trough) to 1 (the crest of the largest wave), and a step on.
    /// Thread: render.
    @inlinable
    public mutating func next() -> Float {
        let sum = ((y * weights).sum() + 1) / 2
        let turnedX = x * cosine - y * sine
        let turnedY = x * sine + y * cosine
        let correction = 1.5 - 0.5 * (turnedX * turnedX + turnedY * turnedY)
        x = turnedX * correction
        y = turnedY * correction
        return Float(min(max(sum, 0), 1))
    }
}
