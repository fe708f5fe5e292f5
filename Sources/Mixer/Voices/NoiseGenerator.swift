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
            let out = buffer + 2 * i
            out[0] = left[0]; out[1] = right[0]; out[2] = left[1]; out[3] = right[1]
            out[4] = left[2]; out[5] = right[2]; out[6] = left[3]; out[7] = right[3]
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
/// of both channels; it takes about half the time of two scalar filters. Pink noise is the
/// real-time thread's largest cost.
public struct StereoPinkFilter: Sendable {
    /// Sections 0–1, 2–3 and 4–5, left and right alternating (b0L, b0R, b1L, b1R).
    @usableFromInline var sections01 = SIMD4<Float>()
    @usableFromInline var sections23 = SIMD4<Float>()
    @usableFromInline var sections45 = SIMD4<Float>()
    /// Section 6 is a one-frame delay of the input: this frame's white, scaled, for the next.
    @usableFromInline var delayed = SIMD2<Float>()

    public init() {}

    /// Filters `frames` interleaved stereo frames of white noise in place.
    @inlinable
    public mutating func filter(_ buffer: UnsafeMutablePointer<Float>, frames: Int) {
        let poles01 = SIMD4<Float>(0.99886, 0.99886, 0.99332, 0.99332)
        let inputs01 = SIMD4<Float>(0.0555179, 0.0555179, 0.0750759, 0.0750759)
        let poles23 = SIMD4<Float>(0.96900, 0.96900, 0.86650, 0.86650)
        let inputs23 = SIMD4<Float>(0.1538520, 0.1538520, 0.3104856, 0.3104856)
        let poles45 = SIMD4<Float>(0.55000, 0.55000, -0.7616, -0.7616)
        let inputs45 = SIMD4<Float>(0.5329522, 0.5329522, -0.0168980, -0.0168980)
        let direct: Float = 0.5362, delay: Float = 0.115926
        // Brings the filter's output to the RMS of its uniform white input.
        let outputGain: Float = 0.33
        var s01 = sections01, s23 = sections23, s45 = sections45, delayed = self.delayed
        for i in 0..<frames {
            let white = SIMD2<Float>(buffer[2 * i], buffer[2 * i + 1])
            let white4 = SIMD4<Float>(lowHalf: white, highHalf: white)
            s01 = poles01 * s01 + inputs01 * white4
            s23 = poles23 * s23 + inputs23 * white4
            s45 = poles45 * s45 + inputs45 * white4
            let sum = s01 + s23 + s45
            let pink = (sum.lowHalf + sum.highHalf + delayed + white * direct) * outputGain
            delayed = white * delay
            buffer[2 * i] = pink[0]
            buffer[2 * i + 1] = pink[1]
        }
        sections01 = s01
        sections23 = s23
        sections45 = s45
        self.delayed = delayed
    }
}
