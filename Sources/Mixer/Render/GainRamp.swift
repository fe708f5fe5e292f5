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

    /// Thread: any (a value; the render and the output thread each own theirs).
    public init(value: Float) {
        from = value
        to = value
        position = 0
        length = 0
        curve = .linear
    }

    /// The gain the next frame will get.
    /// Thread: render, or output (each owns its ramps).
    @inlinable public var value: Float {
        position >= length ? to : gains(from: position)[0]
    }

    /// The gain once the ramp has run out.
    @inlinable public var target: Float { to }

    @inlinable public var isRamping: Bool { position < length }

    /// Starts a ramp from the current value towards `target` over `frames` frames.
    /// A zero-length ramp jumps (allowed only where the signal is silent, e.g. before a voice starts).
    /// Thread: render, or output (each owns its ramps).
    @inlinable
    public mutating func ramp(to target: Float, frames: Int, curve: RampCurve) {
        from = value
        to = target
        position = 0
        length = max(0, frames)
        self.curve = curve
    }

    /// The gains of frames `index` to `index + 3` of the ramp, four at a time: a fade computes
    /// one for every frame (a sit's noise fade-in has 240,000). A frame's gain depends on its
    /// index alone, not on where a block starts, whichever lane computes it.
    /// Thread: render, or output (each owns its ramps).
    @inlinable @inline(__always)
    func gains(from index: Int) -> SIMD4<Float> {
        let t = (SIMD4<Float>(repeating: Float(index)) + SIMD4<Float>(0, 1, 2, 3)) / Float(length)
        switch curve {
        case .linear:
            return from + (to - from) * t
        case .equalPower:
            // A fade-in rises as sin, a fade-out falls as cos(x) = sin(π/2 − x).
            if to >= from {
                return from + (to - from) * quarterSine(t)
            } else {
                return to + (from - to) * quarterSine(1 - t)
            }
        }
    }

    /// Adds the next `count` (at most four) frames of `source · gain` into `destination`, or
    /// writes them there when `adding` is false.
    /// Thread: render, or output (each owns its ramps).
    @inlinable @inline(__always)
    mutating func rampFrames(
        _ count: Int, at i: Int, into destination: UnsafeMutablePointer<Float>, adding: Bool,
        sample: (Int) -> Float
    ) {
        let g = gains(from: position)
        for k in 0..<count {
            let left = sample(2 * (i + k)) * g[k], right = sample(2 * (i + k) + 1) * g[k]
            if adding {
                destination[2 * (i + k)] += left
                destination[2 * (i + k) + 1] += right
            } else {
                destination[2 * (i + k)] = left
                destination[2 * (i + k) + 1] = right
            }
        }
        position += count
    }

    /// Adds `source · gain` into `destination` for `frames` stereo frames, advancing the ramp.
    /// Thread: render, or output (each owns its ramps).
    @inlinable
    public mutating func accumulate(
        _ source: UnsafePointer<Float>,
        into destination: UnsafeMutablePointer<Float>,
        frames: Int
    ) {
        mix(into: destination, frames: frames, adding: true) { source[$0] }
    }

    /// Writes `source · gain` to `destination` for `frames` stereo frames, advancing the ramp:
    /// the samples `accumulate` would leave in a cleared buffer, without clearing it first.
    /// Thread: render, or output (each owns its ramps).
    @inlinable
    public mutating func write(
        _ source: UnsafePointer<Float>,
        into destination: UnsafeMutablePointer<Float>,
        frames: Int
    ) {
        mix(into: destination, frames: frames, adding: false) { source[$0] }
    }

    /// Adds 16-bit samples (full scale 32768) times the gain into `destination` for `frames`
    /// stereo frames, advancing the ramp: the same sums as their Float32 values would give.
    /// Thread: render, or output (each owns its ramps).
    @inlinable
    public mutating func accumulate(
        int16 source: UnsafePointer<Int16>,
        into destination: UnsafeMutablePointer<Float>,
        frames: Int
    ) {
        // A local, not SampleBuffer's static: no once-token on the real-time thread.
        let scale: Float = 1.0 / 32768
        mix(into: destination, frames: frames, adding: true) { Float(source[$0]) * scale }
    }

    /// `sample · gain` added into `destination`, or written there when `adding` is false (a
    /// constant where it is inlined: each caller gets a loop of its own).
    /// Thread: render, or output (each owns its ramps).
    @inlinable @inline(__always)
    mutating func mix(
        into destination: UnsafeMutablePointer<Float>, frames: Int, adding: Bool,
        sample: (Int) -> Float
    ) {
        var i = 0
        while i < frames && position < length {
            let count = min(4, frames - i, length - position)
            rampFrames(count, at: i, into: destination, adding: adding, sample: sample)
            i += count
        }
        if i == frames { return }
        let g = to
        let first = 2 * i, end = 2 * frames
        if adding {
            if g == 0 { return }
            if g == 1 {
                for k in first..<end { destination[k] += sample(k) }
            } else {
                for k in first..<end { destination[k] += sample(k) * g }
            }
        } else if g == 0 {
            (destination + first).update(repeating: 0, count: end - first)
        } else if g == 1 {
            for k in first..<end { destination[k] = sample(k) }
        } else {
            for k in first..<end { destination[k] = sample(k) * g }
        }
    }

    /// Multiplies `buffer` in place by the gain for `frames` stereo frames, advancing the ramp.
    /// Thread: render, or output (each owns its ramps).
    @inlinable
    public mutating func apply(to buffer: UnsafeMutablePointer<Float>, frames: Int) {
        var i = 0
        while i < frames && position < length {
            let count = min(4, frames - i, length - position)
            let g = gains(from: position)
            for k in 0..<count {
                buffer[2 * (i + k)] *= g[k]
                buffer[2 * (i + k) + 1] *= g[k]
            }
            position += count
            i += count
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
    /// Thread: render, or output (each owns its ramps).
    @inlinable
    public mutating func skip(_ frames: Int) {
        position = min(length, position + frames)
    }
}

/// sin(π/2 · t) for t in [0, 1]: the Taylor series to x¹³ (truncation below 1e-9 at π/2) in
/// Horner form, without libm, whose `sin` the mixer does not import and which is scalar.
/// Thread: render, or output (each owns its ramps).
@usableFromInline @inline(__always)
func quarterSine(_ t: SIMD4<Float>) -> SIMD4<Float> {
    let x = t * (Float.pi / 2)
    let x2 = x * x
    // (-1)^k / (2k + 1)!
    let c3: Float = -1.0 / 6, c5: Float = 1.0 / 120, c7: Float = -1.0 / 5040
    let c9: Float = 1.0 / 362_880, c11: Float = -1.0 / 39_916_800, c13: Float = 1.0 / 6_227_020_800
    let high = c9 + x2 * (c11 + x2 * c13)
    return x + x * x2 * (c3 + x2 * (c5 + x2 * (c7 + x2 * high)))
}
