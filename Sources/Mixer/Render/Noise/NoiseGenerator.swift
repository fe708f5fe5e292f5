/// Render-side noise source: white from four-lane xoshiro256+, pink from Paul Kellet's refined
/// filter bank, brown from a leaky integrator, ocean as brown noise and a brighter wash that
/// swell and ebb with `OceanSwell`. Left and right are independent. All come out at roughly the
/// RMS of full-scale uniform white noise (1/√3), so a volume means the same for each colour.
public struct NoiseGenerator: Sendable {
    public let color: NoiseColor
    @usableFromInline var random: Xoshiro256PlusX4
    /// White frames drawn but not yet used: the generator makes four frames at a time and a
    /// block may end between them.
    @usableFromInline var carried = SIMD8<Float>()
    @usableFromInline var carriedUsed = 4
    @usableFromInline var pink = StereoPinkFilter()
    @usableFromInline var brownLeft: Float = 0
    @usableFromInline var brownRight: Float = 0
    @usableFromInline let brownLeak: Float
    @usableFromInline let brownInput: Float
    @usableFromInline var swell: OceanSwell
    /// The swell's level at this frame, and its change per frame until the next step.
    @usableFromInline var swellLevel: Float = 0
    @usableFromInline var swellChange: Float = 0
    @usableFromInline var swellFramesLeft = 0
    /// The wash: white noise through a one-pole low-pass, the hiss of a breaking wave.
    @usableFromInline var washLeft: Float = 0
    @usableFromInline var washRight: Float = 0
    @usableFromInline let washCoefficient: Float

    /// Where the wash's low-pass turns down: the sea's hiss, without a white noise's glare.
    static let washCornerHertz: Double = 1800
    /// The ocean's loudness set to the other colours' (measured over ten minutes of swell).
    @usableFromInline let oceanScale: Float = 1.30

    /// Brown noise leaks below this frequency, so it cannot drift off to a DC offset.
    static let brownCornerHertz: Double = 8

    /// Thread: control (made before the render thread has it).
    public init(color: NoiseColor, seed: UInt64, sampleRate: Int) {
        self.color = color
        random = Xoshiro256PlusX4(seed: seed)
        let leak = 1 - 2 * Double.pi * Self.brownCornerHertz / Double(sampleRate)
        brownLeak = Float(leak)
        // The integrator's output variance is input² · var(white) / (1 − leak²); this input gain
        // makes it equal to var(white).
        brownInput = Float((1 - leak * leak).squareRoot())
        swell = OceanSwell(seed: seed, sampleRate: sampleRate)
        let omega = 2 * Double.pi * Self.washCornerHertz / Double(sampleRate)
        washCoefficient = Float(omega / (1 + omega))
    }

    /// Writes `frames` interleaved stereo frames into `buffer`, times `gain`: a steady voice
    /// volume costs no pass of its own. `scratch` has room for `frames` SIMD4s, for the pink
    /// filter's section sums.
    /// Thread: render.
    @inlinable
    public mutating func fill(
        _ buffer: UnsafeMutablePointer<Float>, frames: Int, gain: Float = 1,
        scratch: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        switch color {
        case .white:
            fillWhite(buffer, frames: frames, gain: gain)
        case .pink:
            // Whole draws of four frames go from registers straight into the filter; only the
            // frames a block boundary splits from their draw pass through the buffer first.
            let carriedFrames = takeCarried(buffer, frames: frames, gain: 1)
            pink.filter(buffer, frames: carriedFrames, gain: gain, sums: scratch)
            let drawn = (frames - carriedFrames) / 4 * 4
            pink.filter(
                drawingFrom: &random, into: buffer + 2 * carriedFrames, frames: drawn, gain: gain,
                sums: scratch)
            let rest = frames - carriedFrames - drawn
            let restStart = buffer + 2 * (carriedFrames + drawn)
            fillWhite(restStart, frames: rest, gain: 1)
            pink.filter(restStart, frames: rest, gain: gain, sums: scratch)
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
        case .ocean:
            fillOcean(buffer, frames: frames, gain: gain)
        }
    }

    /// Brown noise whose body swells (from a third of its level to all of it), under a wash that
    /// comes only near a crest (the square of the swell).
    /// Thread: render.
    @inlinable
    mutating func fillOcean(_ buffer: UnsafeMutablePointer<Float>, frames: Int, gain: Float) {
        fillWhite(buffer, frames: frames, gain: 1)
        var yl = brownLeft, yr = brownRight, wl = washLeft, wr = washRight
        var level = swellLevel, change = swellChange, left = swellFramesLeft
        let leak = brownLeak, input = brownInput, wash = washCoefficient
        let scale = gain * oceanScale
        for i in 0..<frames {
            if left == 0 {
                let target = swell.next()
                change = (target - level) / Float(OceanSwell.stepFrames)
                left = OceanSwell.stepFrames
            }
            level += change
            left -= 1
            let whiteLeft = buffer[2 * i], whiteRight = buffer[2 * i + 1]
            yl = leak * yl + input * whiteLeft
            yr = leak * yr + input * whiteRight
            wl += wash * (whiteLeft - wl)
            wr += wash * (whiteRight - wr)
            let body = (0.35 + 0.65 * level) * scale
            let crest = 2.2 * level * level * scale
            buffer[2 * i] = yl * body + wl * crest
            buffer[2 * i + 1] = yr * body + wr * crest
        }
        brownLeft = yl
        brownRight = yr
        washLeft = wl
        washRight = wr
        swellLevel = level
        swellChange = change
        swellFramesLeft = left
    }

    /// Thread: render.
    @inlinable
    mutating func fillWhite(_ buffer: UnsafeMutablePointer<Float>, frames: Int, gain: Float) {
        var i = takeCarried(buffer, frames: frames, gain: gain)
        let scale = SIMD8<Float>(repeating: gain)
        while frames - i >= 4 {
            UnsafeMutableRawPointer(buffer + 2 * i).storeBytes(of: random.nextFrames() * scale, as: SIMD8<Float>.self)
            i += 4
        }
        if i < frames {
            carried = random.nextFrames()
            carriedUsed = 0
            _ = takeCarried(buffer + 2 * i, frames: frames - i, gain: gain)
        }
    }

    /// Writes up to `frames` of the frames drawn but not yet used, times `gain`; returns how many.
    /// Thread: render.
    @inlinable
    mutating func takeCarried(_ buffer: UnsafeMutablePointer<Float>, frames: Int, gain: Float) -> Int {
        var i = 0
        while i < frames && carriedUsed < 4 {
            buffer[2 * i] = carried[2 * carriedUsed] * gain
            buffer[2 * i + 1] = carried[2 * carriedUsed + 1] * gain
            carriedUsed += 1
            i += 1
        }
        return i
    }
}
