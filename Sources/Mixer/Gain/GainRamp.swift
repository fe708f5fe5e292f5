/// A gain that changes only by ramps, never by a step, evaluated frame by frame.
///
/// A ramp of `length` frames that starts at frame 0 gives frame i the gain at t = i / length:
/// the first frame still has the old gain and the frame after the ramp has the target exactly.
public struct GainRamp: Sendable {
    @usableFromInline var from: Float
    @usableFromInline var to: Float
    @usableFromInline var position: Int
    @usableFromInline var length: Int
    @usableFromInline var curve: RampCurve

    public init(value: Float) {
        from = value; to = value; position = 0; length = 0; curve = .linear
    }

    /// The gain the next frame will get.
    @inlinable public var value: Float {
        position >= length ? to : gain(at: position)
    }

    /// The gain once the ramp has run out.
    @inlinable public var target: Float { to }

    @inlinable public var isRamping: Bool { position < length }

    /// Starts a ramp from the current value towards `target` over `frames` frames.
    /// A zero-length ramp jumps (allowed only where the signal is silent, e.g. before a voice starts).
    @inlinable
    public mutating func ramp(to target: Float, frames: Int, curve: RampCurve) {
        from = value
        to = target
        position = 0
        length = max(0, frames)
        self.curve = curve
    }

    @inlinable @inline(__always)
    func gain(at index: Int) -> Float {
        let t = Float(index) / Float(length)
        switch curve {
        case .linear:
            return from + (to - from) * t
        case .equalPower:
            let quarter = Float.pi / 2 * t
            if to >= from {
                return from + (to - from) * _sin(quarter)
            } else {
                return to + (from - to) * _cos(quarter)
            }
        }
    }

    /// Adds `source · gain` into `destination` for `frames` stereo frames, advancing the ramp.
    @inlinable
    public mutating func accumulate(_ source: UnsafePointer<Float>,
                                    into destination: UnsafeMutablePointer<Float>,
                                    frames: Int) {
        accumulate(into: destination, frames: frames) { source[$0] }
    }

    /// Adds 16-bit samples (full scale 32768) times the gain into `destination` for `frames`
    /// stereo frames, advancing the ramp: the same sums as their Float32 values would give.
    @inlinable
    public mutating func accumulate(int16 source: UnsafePointer<Int16>,
                                    into destination: UnsafeMutablePointer<Float>,
                                    frames: Int) {
        // A local, not SampleBuffer's static: no once-token on the real-time thread.
        let scale: Float = 1.0 / 32768
        accumulate(into: destination, frames: frames) { Float(source[$0]) * scale }
    }

    @inlinable @inline(__always)
    mutating func accumulate(into destination: UnsafeMutablePointer<Float>, frames: Int,
                             sample: (Int) -> Float) {
        var i = 0
        while i < frames && position < length {
            let g = gain(at: position)
            destination[2 * i] += sample(2 * i) * g
            destination[2 * i + 1] += sample(2 * i + 1) * g
            position += 1
            i += 1
        }
        if i == frames { return }
        let g = to
        if g == 0 { return }
        let first = 2 * i, end = 2 * frames
        if g == 1 {
            for k in first..<end { destination[k] += sample(k) }
        } else {
            for k in first..<end { destination[k] += sample(k) * g }
        }
    }

    /// Multiplies `buffer` in place by the gain for `frames` stereo frames, advancing the ramp.
    @inlinable
    public mutating func apply(to buffer: UnsafeMutablePointer<Float>, frames: Int) {
        var i = 0
        while i < frames && position < length {
            let g = gain(at: position)
            buffer[2 * i] *= g
            buffer[2 * i + 1] *= g
            position += 1
            i += 1
        }
        if i == frames || to == 1 { return }
        let g = to
        let count = 2 * (frames - i)
        let b = buffer + 2 * i
        if g == 0 {
            b.update(repeating: 0, count: count)
        } else {
            for k in 0..<count { b[k] *= g }
        }
    }

    /// Advances the ramp by `frames` without touching audio (for voices that render nothing).
    @inlinable
    public mutating func skip(_ frames: Int) {
        position = min(length, position + frames)
    }
}

// Float trigonometry without Foundation, which the mixer does not import.
@usableFromInline @inline(__always) func _sin(_ x: Float) -> Float { Float(_sinD(Double(x))) }
@usableFromInline @inline(__always) func _cos(_ x: Float) -> Float { _sin(x + .pi / 2) }

/// Sine by a short Taylor series after reducing to [-π/2, π/2]; accurate to ~1e-7 over the
/// quarter turn a ramp uses, and free of any libm dependency.
@usableFromInline func _sinD(_ x: Double) -> Double {
    var y = x.truncatingRemainder(dividingBy: 2 * .pi)
    if y > .pi { y -= 2 * .pi } else if y < -.pi { y += 2 * .pi }
    if y > .pi / 2 { y = .pi - y } else if y < -.pi / 2 { y = -.pi - y }
    let y2 = y * y
    var term = y, sum = y
    var n = 1.0
    for _ in 0..<8 {
        term *= -y2 / ((n + 1) * (n + 2))
        sum += term
        n += 2
    }
    return sum
}
