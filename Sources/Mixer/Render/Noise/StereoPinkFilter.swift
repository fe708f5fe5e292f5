/// Paul Kellet's "refined" pink filter: seven one-pole sections whose sum approximates a
/// −3 dB/octave slope within ±0.05 dB above ~10 Hz, for both channels at once.
///
/// Pink noise is the real-time thread's largest cost. The sections of one frame do not depend
/// on each other, so each SIMD4 step runs two sections of both channels, and a frame's six
/// sections take three steps. The filter makes two passes over a block:
/// 1. the sections, frame by frame; each frame's four-lane sum (L, R, L, R) goes to `sums`;
/// 2. the halves of those sums added, two frames at a time, with the terms that have no memory
///    (the direct input and the one-frame delay), and the gain.
///
/// In one pass the compiler sees that a frame's sum is only wanted as halves, splits every step
/// into two-lane halves, and the filter takes a third longer; the sums written out to memory
/// keep the steps four lanes wide.
public struct StereoPinkFilter: Sendable {
    /// Sections 0–1, 2–3 and 4–5, left and right alternating (b0L, b0R, b1L, b1R).
    @usableFromInline var sections01 = SIMD4<Float>()
    @usableFromInline var sections23 = SIMD4<Float>()
    @usableFromInline var sections45 = SIMD4<Float>()
    /// The last frame's white input in lanes 2 and 3: section 6 is a one-frame delay of it.
    @usableFromInline var previousWhite = SIMD4<Float>()
    /// Kellet's coefficients, read from memory rather than written in as constants: the compiler
    /// turns a constant's negative lanes into lane-wise subtractions, which SSE2 does as an add,
    /// a subtract and a blend. A stored property, unlike a static let, needs no once-token on
    /// the real-time thread.
    @usableFromInline let taps = PinkTaps()

    /// Thread: control (made before the render thread has it).
    public init() {}

    /// Filters `frames` interleaved stereo frames of white noise in place, and multiplies them
    /// by `gain`. `sums` has room for `frames` section sums.
    /// Thread: render.
    @inlinable
    public mutating func filter(
        _ buffer: UnsafeMutablePointer<Float>, frames: Int, gain: Float = 1,
        sums: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        var s01 = sections01, s23 = sections23, s45 = sections45
        let taps = taps
        for i in 0..<frames {
            let white = SIMD4(buffer[2 * i], buffer[2 * i + 1], buffer[2 * i], buffer[2 * i + 1])
            sums[i] = taps.step(white, &s01, &s23, &s45)
        }
        sections01 = s01
        sections23 = s23
        sections45 = s45
        addMemorylessTerms(buffer, frames: frames, gain: gain, sums: sums)
    }

    /// Filters white noise drawn from `random` into `buffer`, times `gain`: the same samples as
    /// drawing into the buffer first and filtering it in place. `frames` is a multiple of 4, and
    /// `sums` has room for `frames` section sums.
    /// Thread: render.
    @inlinable
    mutating func filter(
        drawingFrom random: inout Xoshiro256PlusX4, into buffer: UnsafeMutablePointer<Float>,
        frames: Int, gain: Float, sums: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        var s01 = sections01, s23 = sections23, s45 = sections45
        let taps = taps
        var i = 0
        while i < frames {
            // The filter waits on its own sums; drawing the next frames meanwhile costs little.
            let white = random.nextFrames()
            UnsafeMutableRawPointer(buffer + 2 * i).storeBytes(of: white, as: SIMD8<Float>.self)
            sums[i] = taps.step(SIMD4(white[0], white[1], white[0], white[1]), &s01, &s23, &s45)
            sums[i + 1] = taps.step(SIMD4(white[2], white[3], white[2], white[3]), &s01, &s23, &s45)
            sums[i + 2] = taps.step(SIMD4(white[4], white[5], white[4], white[5]), &s01, &s23, &s45)
            sums[i + 3] = taps.step(SIMD4(white[6], white[7], white[6], white[7]), &s01, &s23, &s45)
            i += 4
        }
        sections01 = s01
        sections23 = s23
        sections45 = s45
        addMemorylessTerms(buffer, frames: frames, gain: gain, sums: sums)
    }

    /// Pass 2: the white input in `buffer` becomes the pink output.
    /// Thread: render.
    @inlinable @inline(__always)
    mutating func addMemorylessTerms(
        _ buffer: UnsafeMutablePointer<Float>, frames: Int, gain: Float,
        sums: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let taps = taps
        // The gain is a multiplication of its own, so that the samples are the same as those of
        // a separate pass at that gain (`GainRamp.apply`), whichever a block gets.
        let volume = SIMD4<Float>(repeating: gain)
        var previous = previousWhite
        var i = 0
        while frames - i >= 2 {
            let raw = UnsafeMutableRawPointer(buffer + 2 * i)
            let white = raw.loadUnaligned(as: SIMD4<Float>.self)
            let first = sums[i], second = sums[i + 1]
            let sections =
                SIMD4(first[0], first[1], second[0], second[1]) + SIMD4(first[2], first[3], second[2], second[3])
            let delayed = SIMD4(previous[2], previous[3], white[0], white[1])
            raw.storeBytes(
                of: (sections + white * taps.direct + delayed * taps.delay) * taps.outputGain * volume,
                as: SIMD4<Float>.self)
            previous = white
            i += 2
        }
        if i < frames {
            let white = SIMD4(buffer[2 * i], buffer[2 * i + 1], buffer[2 * i], buffer[2 * i + 1])
            let last = sums[i]
            let sections = SIMD4(last[0], last[1], 0, 0) + SIMD4(last[2], last[3], 0, 0)
            let delayed = SIMD4(previous[2], previous[3], 0, 0)
            let pink = (sections + white * taps.direct + delayed * taps.delay) * taps.outputGain * volume
            buffer[2 * i] = pink[0]
            buffer[2 * i + 1] = pink[1]
            previous = white
        }
        previousWhite = previous
    }
}
