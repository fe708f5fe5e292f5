/// The ceiling at the end of a mix: no sample leaves it louder than `ceiling`, whatever its
/// voices add up to, and while they stay below it, not one bit changes.
///
/// It looks at nothing ahead. A look-ahead limiter delays the mix by its look-ahead, or makes
/// the mixer render past the horizon the live session has sent commands for (seeks, an open
/// sit's end and a cut rely on the mixer stopping there); either would move a gong off its
/// frame. So the gain falls at the very frame that would pass the ceiling, to exactly what
/// keeps it there, holds while the sound that caused it is at its loudest, and rises back to 1
/// slowly. Stereo is linked: both channels get one gain, so the image does not move.
///
/// Its state is carried from frame to frame, never from block to block, so the output does not
/// depend on how a driver splits the stream: a live program and its offline render agree.
public struct PeakCeiling: Sendable {
    /// -1 dBFS: room for what the samples' reconstruction adds between them (true peak).
    public static let defaultCeiling: Float = 0.891_250_9

    public let ceiling: Float
    private var gain: Float = 1
    /// 1 - gain, kept on its own: near 1 a Float has too few steps for the release's small
    /// rises, which would round away and leave the gain stuck under 1.
    private var reduction: Float = 0
    private var holdLeft = 0
    private let holdFrames: Int
    /// What is left of the gain's distance to 1 after each frame of its release.
    private let releaseRetained: Float

    /// Thread: any (a value; each render or output thread owns its own).
    public init(ceiling: Float = defaultCeiling, sampleRate: Int) {
        self.ceiling = ceiling
        // The loudest part of a struck bowl comes in its first tens of milliseconds.
        holdFrames = sampleRate / 20
        // The gain comes back with a time constant of 0.4 s: slower than a bell's strike, so
        // the strike is not pumped, quicker than its ring, so the bed is not held down.
        // e^(-1/τ) is 1 - 1/τ to within (1/τ)²/2, a billionth at 48 kHz: no libm in the mixer.
        let tau = 0.4 * Double(max(sampleRate, 1))
        releaseRetained = Float(1 - 1 / tau)
    }

    /// Whether the gain is 1 and stays there until a frame passes the ceiling.
    public var isIdle: Bool { gain == 1 && holdLeft == 0 }

    /// Keeps `frames` interleaved stereo frames at `samples` under the ceiling, in place.
    /// Thread: render, or output (each owns its ceiling). Never allocates.
    public mutating func apply(to samples: UnsafeMutablePointer<Float>, frames: Int) {
        var start = 0
        if isIdle {
            // The usual case: nothing near the ceiling, and nothing to do but look.
            while start < frames {
                let peak = max(abs(samples[2 * start]), abs(samples[2 * start + 1]))
                if peak > ceiling { break }
                start += 1
            }
            if start == frames { return }
        }
        for i in start..<frames {
            let left = samples[2 * i], right = samples[2 * i + 1]
            let peak = max(abs(left), abs(right))
            if peak * gain > ceiling {
                gain = ceiling / peak
                // The quotient may round up by an ulp; the product must not pass the ceiling.
                while peak * gain > ceiling { gain = gain.nextDown }
                reduction = 1 - gain
                holdLeft = holdFrames
            } else if holdLeft > 0 {
                holdLeft -= 1
            } else if gain < 1 {
                // Within a ten-thousandth of 1 it is 1: the step left is 80 dB below the sound.
                let left = reduction * releaseRetained
                let next = left < 0.0001 ? 1 : 1 - left
                // Rising must not carry this frame over the ceiling either.
                if peak * next <= ceiling {
                    gain = next
                    reduction = next == 1 ? 0 : left
                }
            }
            if gain != 1 {
                samples[2 * i] = left * gain
                samples[2 * i + 1] = right * gain
            }
        }
    }
}
