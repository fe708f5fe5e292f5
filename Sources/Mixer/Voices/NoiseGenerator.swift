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

    /// Writes `frames` interleaved stereo frames into `buffer`.
    @inlinable
    public mutating func fill(_ buffer: UnsafeMutablePointer<Float>, frames: Int) {
        fillWhite(buffer, frames: frames)
        switch color {
        case .white:
            break
        case .pink:
            pink.filter(buffer, frames: frames)
        case .brown:
            var yl = brownLeft, yr = brownRight
            let leak = brownLeak, input = brownInput
            for i in 0..<frames {
                yl = leak * yl + input * buffer[2 * i]
                yr = leak * yr + input * buffer[2 * i + 1]
                buffer[2 * i] = yl
                buffer[2 * i + 1] = yr
            }
            brownLeft = yl
            brownRight = yr
        }
    }

    @inlinable
    mutating func fillWhite(_ buffer: UnsafeMutablePointer<Float>, frames: Int) {
        var i = 0
        while i < frames && carryUsed < 4 {
            buffer[2 * i] = carryLeft[carryUsed]
            buffer[2 * i + 1] = carryRight[carryUsed]
            carryUsed += 1
            i += 1
        }
        while frames - i >= 4 {
            let (left, right) = random.nextFrames()
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
                buffer[2 * i] = carryLeft[carryUsed]
                buffer[2 * i + 1] = carryRight[carryUsed]
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
/// time, so that every lane of a step's sum is stored. Told that only two lanes are wanted (one
/// frame), the compiler splits every step into halves, and the filter takes twice as long.
public struct StereoPinkFilter: Sendable {
    /// Sections 0–1, 2–3 and 4–5, left and right alternating (b0L, b0R, b1L, b1R).
    @usableFromInline var sections01 = SIMD4<Float>()
    @usableFromInline var sections23 = SIMD4<Float>()
    @usableFromInline var sections45 = SIMD4<Float>()
    /// Section 6 is a one-frame delay of the input: this frame's white, scaled, for the next
    /// (half in each half of the vector, like the direct term, since the halves are summed).
    @usableFromInline var delayed = SIMD4<Float>()

    public init() {}

    /// Filters `frames` interleaved stereo frames of white noise in place.
    @inlinable
    public mutating func filter(_ buffer: UnsafeMutablePointer<Float>, frames: Int) {
        // Constants as locals, not static lets: no once-token on the real-time thread.
        let poles01 = SIMD4<Float>(0.99886, 0.99886, 0.99332, 0.99332)
        let inputs01 = SIMD4<Float>(0.0555179, 0.0555179, 0.0750759, 0.0750759)
        let poles23 = SIMD4<Float>(0.96900, 0.96900, 0.86650, 0.86650)
        let inputs23 = SIMD4<Float>(0.1538520, 0.1538520, 0.3104856, 0.3104856)
        let poles45 = SIMD4<Float>(0.55000, 0.55000, -0.7616, -0.7616)
        let inputs45 = SIMD4<Float>(0.5329522, 0.5329522, -0.0168980, -0.0168980)
        // Brings the filter's output to the RMS of its uniform white input.
        let outputGain = SIMD4<Float>(repeating: 0.33)
        let halfDirect = SIMD4<Float>(repeating: 0.5362 / 2 * 0.33)
        let halfDelay = SIMD4<Float>(repeating: 0.115926 / 2 * 0.33)
        var s01 = sections01, s23 = sections23, s45 = sections45, delayed = self.delayed
        /// One frame: `white` is (L, R, L, R); the halves of the result sum to pink (L, R).
        func step(_ white: SIMD4<Float>) -> SIMD4<Float> {
            s01 = poles01 * s01 + inputs01 * white
            s23 = poles23 * s23 + inputs23 * white
            s45 = poles45 * s45 + inputs45 * white
            let sum = (s01 + s23 + s45) * outputGain + (white * halfDirect + delayed)
            delayed = white * halfDelay
            return sum
        }
        var i = 0
        while frames - i >= 2 {
            let raw = UnsafeMutableRawPointer(buffer + 2 * i)
            let white = raw.loadUnaligned(as: SIMD4<Float>.self)
            let first = step(SIMD4(white[0], white[1], white[0], white[1]))
            let second = step(SIMD4(white[2], white[3], white[2], white[3]))
            raw.storeBytes(of: SIMD4(first[0], first[1], second[0], second[1])
                               + SIMD4(first[2], first[3], second[2], second[3]), as: SIMD4<Float>.self)
            i += 2
        }
        if i < frames {
            let last = step(SIMD4(buffer[2 * i], buffer[2 * i + 1], buffer[2 * i], buffer[2 * i + 1]))
            buffer[2 * i] = last[0] + last[2]
            buffer[2 * i + 1] = last[1] + last[3]
        }
        sections01 = s01
        sections23 = s23
        sections45 = s45
        self.delayed = delayed
    }
}
