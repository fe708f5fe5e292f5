/// Render-side noise source: white from four-lane xoshiro256+, pink from Paul Kellet's refined
/// filter bank, brown from a leaky integrator. Left and right are independent. All three come out
/// at roughly the RMS of full-scale uniform white noise (1/√3), so a volume means the same for
/// each colour.
public struct NoiseGenerator: Sendable {
    public let color: NoiseColor
    @usableFromInline var random: Xoshiro256PlusX4
    /// White frames drawn but not yet used: the generator makes four frames at a time and a
    /// block may end between them.
    @usableFromInline var carryLeft = SIMD4<Float>()
    @usableFromInline var carryRight = SIMD4<Float>()
    @usableFromInline var carryUsed = 4
    @usableFromInline var pink = StereoPinkFilter()
    @usableFromInline var brownLeft: Float = 0
    @usableFromInline var brownRight: Float = 0
    @usableFromInline let brownLeak: Float
    @usableFromInline let brownInput: Float

    /// Brown noise leaks below this frequency, so it cannot drift off to a DC offset.
    static let brownCornerHertz: Double = 8

    public init(color: NoiseColor, seed: UInt64, sampleRate: Int) {
        self.color = color
        random = Xoshiro256PlusX4(seed: seed)
        let leak = 1 - 2 * Double.pi * Self.brownCornerHertz / Double(sampleRate)
        brownLeak = Float(leak)
        // The integrator's output variance is input² · var(white) / (1 − leak²); this input gain
        // makes it equal to var(white).
        brownInput = Float((1 - leak * leak).squareRoot())
    }

    /// Writes `frames` interleaved stereo frames into `buffer`, times `gain`: a steady voice
    /// volume costs no pass of its own.
    @inlinable
    public mutating func fill(_ buffer: UnsafeMutablePointer<Float>, frames: Int, gain: Float = 1) {
        switch color {
        case .white:
            fillWhite(buffer, frames: frames, gain: gain)
        case .pink:
            fillWhite(buffer, frames: frames, gain: 1)
            pink.filter(buffer, frames: frames, gain: gain)
        case .brown:
            fillWhite(buffer, frames: frames, gain: 1)
            var yl = brownLeft, yr = brownRight
            let leak = brownLeak, input = brownInput
            for i in 0..<frames {
                yl = leak * yl + input * buffer[2 * i]
                yr = leak * yr + input * buffer[2 * i + 1]
                buffer[2 * i] = yl * gain
                buffer[2 * i + 1] = yr * gain
            }
            brownLeft = yl
            brownRight = yr
        }
    }

    @inlinable
    mutating func fillWhite(_ buffer: UnsafeMutablePointer<Float>, frames: Int, gain: Float) {
        var i = 0
        while i < frames && carryUsed < 4 {
            buffer[2 * i] = carryLeft[carryUsed] * gain
            buffer[2 * i + 1] = carryRight[carryUsed] * gain
            carryUsed += 1
            i += 1
        }
        let scale = SIMD4<Float>(repeating: gain)
        while frames - i >= 4 {
            let (unscaledLeft, unscaledRight) = random.nextFrames()
            let left = unscaledLeft * scale, right = unscaledRight * scale
            // Two interleaving shuffles and two vector stores, not eight lane stores.
            let out = UnsafeMutableRawPointer(buffer + 2 * i)
            out.storeBytes(of: SIMD4(left[0], right[0], left[1], right[1]), as: SIMD4<Float>.self)
            (out + 16).storeBytes(of: SIMD4(left[2], right[2], left[3], right[3]), as: SIMD4<Float>.self)
            i += 4
        }
        if i < frames {
            (carryLeft, carryRight) = random.nextFrames()
            carryUsed = 0
            while i < frames {
                buffer[2 * i] = carryLeft[carryUsed] * gain
                buffer[2 * i + 1] = carryRight[carryUsed] * gain
                carryUsed += 1
                i += 1
            }
        }
    }
}

/// Paul Kellet's "refined" pink filter: seven one-pole sections whose sum approximates a
/// −3 dB/octave slope within ±0.05 dB above ~10 Hz, for both channels at once.
///
/// The sections of one frame do not depend on each other, so each SIMD4 step runs two sections
/// of both channels. Pink noise is the real-time thread's largest cost: the frames go two at a
/// time, so that every lane of a sum is used, and the terms without memory (the direct input
/// and the one-frame delay) are added to both frames at once. Told that only two lanes are
/// wanted (one frame), the compiler splits every step into halves, and the filter takes twice
/// as long.
public struct StereoPinkFilter: Sendable {
    /// Sections 0–1, 2–3 and 4–5, left and right alternating (b0L, b0R, b1L, b1R).
    @usableFromInline var sections01 = SIMD4<Float>()
    @usableFromInline var sections23 = SIMD4<Float>()
    @usableFromInline var sections45 = SIMD4<Float>()
    /// The last frame's white input in lanes 2 and 3: section 6 is a one-frame delay of it.
    @usableFromInline var previousWhite = SIMD4<Float>()

    public init() {}

    /// Filters `frames` interleaved stereo frames of white noise in place, and multiplies them
    /// by `gain`.
    @inlinable
    public mutating func filter(_ buffer: UnsafeMutablePointer<Float>, frames: Int, gain: Float = 1) {
        // Constants as locals, not static lets: no once-token on the real-time thread.
        let poles01 = SIMD4<Float>(0.99886, 0.99886, 0.99332, 0.99332)
        let inputs01 = SIMD4<Float>(0.0555179, 0.0555179, 0.0750759, 0.0750759)
        let poles23 = SIMD4<Float>(0.96900, 0.96900, 0.86650, 0.86650)
        let inputs23 = SIMD4<Float>(0.1538520, 0.1538520, 0.3104856, 0.3104856)
        let poles45 = SIMD4<Float>(0.55000, 0.55000, -0.7616, -0.7616)
        let inputs45 = SIMD4<Float>(0.5329522, 0.5329522, -0.0168980, -0.0168980)
        let direct = SIMD4<Float>(repeating: 0.5362)
        let delay = SIMD4<Float>(repeating: 0.115926)
        // 0.33 brings the filter's output to the RMS of its uniform white input. The gain is a
        // multiplication of its own, so that the samples are the same as those of a separate
        // pass at that gain (`GainRamp.apply`), whichever a block gets.
        let outputGain = SIMD4<Float>(repeating: 0.33)
        let volume = SIMD4<Float>(repeating: gain)
        var s01 = sections01, s23 = sections23, s45 = sections45, previous = previousWhite
        /// One frame: `white` is (L, R, L, R); the halves of the result sum to sections 0–5 (L, R).
        func step(_ white: SIMD4<Float>) -> SIMD4<Float> {
            s01 = poles01 * s01 + inputs01 * white
            s23 = poles23 * s23 + inputs23 * white
            s45 = poles45 * s45 + inputs45 * white
            return s01 + s23 + s45
        }
        var i = 0
        while frames - i >= 2 {
            let raw = UnsafeMutableRawPointer(buffer + 2 * i)
            let white = raw.loadUnaligned(as: SIMD4<Float>.self)
            let first = step(SIMD4(white[0], white[1], white[0], white[1]))
            let second = step(SIMD4(white[2], white[3], white[2], white[3]))
            let sections = SIMD4(first[0], first[1], second[0], second[1]) + SIMD4(first[2], first[3], second[2], second[3])
            let delayed = SIMD4(previous[2], previous[3], white[0], white[1])
            raw.storeBytes(of: (sections + white * direct + delayed * delay) * outputGain * volume, as: SIMD4<Float>.self)
            previous = white
            i += 2
        }
        if i < frames {
            let white = SIMD4(buffer[2 * i], buffer[2 * i + 1], buffer[2 * i], buffer[2 * i + 1])
            let last = step(white)
            let pink = (SIMD4(last[0], last[1], 0, 0) + SIMD4(last[2], last[3], 0, 0)
                        + white * direct + SIMD4(previous[2], previous[3], 0, 0) * delay) * outputGain * volume
            buffer[2 * i] = pink[0]
            buffer[2 * i + 1] = pink[1]
            previous = white
        }
        sections01 = s01
        sections23 = s23
        sections45 = s45
        previousWhite = previous
    }
}
