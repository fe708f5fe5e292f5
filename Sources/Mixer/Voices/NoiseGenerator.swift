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
    @usableFromInline var pinkLeft = PinkFilter()
    @usableFromInline var pinkRight = PinkFilter()
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
            for i in 0..<frames {
                buffer[2 * i] = pinkLeft.next(buffer[2 * i])
                buffer[2 * i + 1] = pinkRight.next(buffer[2 * i + 1])
            }
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
/// −3 dB/octave slope within ±0.05 dB above ~10 Hz.
public struct PinkFilter: Sendable {
    @usableFromInline var b0: Float = 0, b1: Float = 0, b2: Float = 0, b3: Float = 0
    @usableFromInline var b4: Float = 0, b5: Float = 0, b6: Float = 0
    /// Brings the filter's output to the RMS of its uniform white input.
    @usableFromInline static let outputGain: Float = 0.33

    public init() {}

    @inlinable @inline(__always)
    public mutating func next(_ white: Float) -> Float {
        b0 = 0.99886 * b0 + white * 0.0555179
        b1 = 0.99332 * b1 + white * 0.0750759
        b2 = 0.96900 * b2 + white * 0.1538520
        b3 = 0.86650 * b3 + white * 0.3104856
        b4 = 0.55000 * b4 + white * 0.5329522
        b5 = -0.7616 * b5 - white * 0.0168980
        let pink = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
        b6 = white * 0.115926
        return pink * Self.outputGain
    }
}
