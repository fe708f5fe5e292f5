import CPolyphase
import Foundation

/// Sample-rate conversion between rates of 40 kHz and more (44.1 kHz ↔ 48 kHz, 88.2 or 96 kHz
/// down to 48 kHz) with a polyphase FIR filter: a Kaiser-windowed sinc, or for 44.1 → 48 kHz an
/// equiripple filter designed ahead (`scripts/design_resampler_table.py`), one phase for each
/// of the `L` positions an output frame can fall on between two input frames (`L` = output
/// rate / gcd, 160 for 44.1 → 48 kHz).
///
/// Its quality is set by what a listener can hear, not by the Nyquist frequency:
/// - everything from 0 to 20 kHz passes flat (within ±0.005 dB);
/// - every image or alias that would land at or below 20 kHz is at least 100 dB down;
/// - images or aliases that land between 20 kHz and the output's Nyquist frequency are not
///   fully removed. Leaving that inaudible band free is what makes the filter short: 32 taps
///   per phase from 44.1 to 48 kHz (a Kaiser window needs 36), where a filter that keeps it
///   clean needs some 140. It costs a fifth of what libsoxr's high quality costs for the same
///   conversion.
///
/// `Tests/DecodersTests/ResamplerQualityTests.swift` measures all three with tones and sweeps.
final class PolyphaseResampler: Resampling {
    /// The top of the band kept flat, in Hz.
    static let passbandEdge = 20_000.0
    /// How far images and aliases that would land in the kept band are pushed down, in dB.
    static let rejection = 100.0
    /// How far below the middle of the transition band the cutoff sits, as a part of its width.
    /// Kaiser's formulas fall short of their aim by a dB or two at the transition's far edge
    /// (98 dB for 100), where the passband has flatness to spare (±0.0001 dB): a cutoff 400 Hz
    /// lower for 44.1 → 48 kHz trades some of that (±0.004 dB) for up to 4 dB more rejection
    /// (44.1 → 48 kHz: 103.4 dB instead of 99.9, computed from the design; 103.8 measured). It
    /// leaves at least 101.6 dB, computed, for 44.1 and 48 kHz both ways and for 88.2, 96 and
    /// 192 kHz to 48 kHz.
    static let cutoffLowering = 0.05
    /// More phases than this (an odd rate such as 44 101 Hz) would make a table of megabytes:
    /// such rates go to libsoxr.
    static let maxPhases = Int(MEDITATE_POLYPHASE_MAX_ROWS)
    static let maxTaps = 1024

    let inputRate: Int
    let outputRate: Int
    /// Taps per phase, a multiple of 4 (the kernel takes four taps of both channels at once).
    let taps: Int
    /// Filter positions between two input frames.
    let phases: Int
    private let coefficients: UnsafeMutablePointer<Float>
    private let advance: UnsafeMutablePointer<Int32>
    private var filter: meditate_polyphase
    /// Input frames waiting to be filtered, stereo interleaved; the window of the next output
    /// frame starts at `position`.
    private let buffer: UnsafeMutablePointer<Float>
    private let bufferFrames: Int
    private var filled = 0
    private var position = 0
    /// The row of the coefficient table the next output frame uses.
    private var row = 0
    private var flushed = false

    /// Nil when the rates are not both 40 kHz or more, when the output rate leaves less than
    /// 2 kHz above 20 kHz, when an output rate more than 20 kHz above the input would let the
    /// image of low notes through, or when their ratio needs more than `maxPhases` phases or
    /// `maxTaps` taps.
    init?(inputRate: Int, outputRate: Int) {
        let low = min(inputRate, outputRate)
        let stopband = Double(outputRate) - Self.passbandEdge
        // At least 2 kHz between the passband's edge and the stopband (none at 40 kHz out).
        guard low >= 40_000, stopband >= Self.passbandEdge + 2_000, stopband <= Double(inputRate) else { return nil }
        let divisor = Self.gcd(inputRate, outputRate)
        let phases = outputRate / divisor
        let step = inputRate / divisor
        guard phases <= Self.maxPhases else { return nil }
        // Kaiser's estimate of the length for the rejection over the transition band (from
        // the passband edge to the first frequency that would land in it), in input frames.
        let transition = (stopband - Self.passbandEdge) / Double(inputRate)
        let length = (Self.rejection - 7.95) / (14.36 * transition)
        // A far higher input rate than the output's makes the filter long: past `maxTaps`
        // (768 kHz down to 48 kHz needs 652) libsoxr's multi-stage design costs less.
        guard length <= Double(Self.maxTaps) else { return nil }
        // 44.1 → 48 kHz, nearly every MP3, has an equiripple filter designed ahead: it reaches
        // the same goal with 32 taps where the Kaiser window needs 36.
        let designed = inputRate == 44_100 && outputRate == 48_000
        let taps = designed ? Self.designedTaps : (Int(length.rounded(.up)) + 3) / 4 * 4
        self.inputRate = inputRate
        self.outputRate = outputRate
        self.taps = taps
        self.phases = phases
        // On a cache line: a row is a multiple of 32 bytes, so no load of the table is split.
        coefficients = UnsafeMutableRawPointer.allocate(
            byteCount: phases * taps * 2 * MemoryLayout<Float>.size,
            alignment: 64
        ).bindMemory(to: Float.self, capacity: phases * taps * 2)
        advance = .allocate(capacity: phases)
        // Output frame n falls n × step / phases input frames in: its phase is n × step mod
        // phases, and the window moves on by whole frames as that sum carries. The phases
        // are coprime to the step, so every one comes once in `phases` frames.
        for row in 0..<phases {
            let phase = row * step % phases
            advance[row] = Int32((phase + step) / phases)
        }
        if designed {
            Self.arrange(
                meditate_prototype_44100_48000(), into: coefficients, phases: phases, step: step, taps: taps)
        } else {
            // The window has all of the rounded-up length: its shape is that of the rejection
            // `taps` reach by Kaiser's estimate, a dB or more beyond `rejection`.
            let reached = 14.36 * transition * Double(taps) + 7.95
            let cutoff = (Self.passbandEdge + stopband) / 2 - Self.cutoffLowering * (stopband - Self.passbandEdge)
            Self.design(
                into: coefficients, phases: phases, step: step, taps: taps,
                cutoff: cutoff / Double(inputRate), beta: 0.1102 * (reached - 8.7))
        }
        filter = meditate_polyphase(
            coefficients: coefficients, advance: advance, rows: phases, taps: taps, step: step,
            limit: StereoChunkReader.sampleLimit)
        bufferFrames = 8192 + taps
        buffer = .allocate(capacity: bufferFrames * 2)
        reset()
    }

    deinit {
        UnsafeMutableRawPointer(coefficients).deallocate()
        advance.deallocate()
        buffer.deallocate()
    }

    func reset() {
        // The first output frame is centred on the first input frame: the half window before
        // it is silence.
        filled = taps / 2 - 1
        buffer.update(repeating: 0, count: filled * 2)
        position = 0
        row = 0
        flushed = false
    }

    func process(
        _ input: UnsafePointer<Float>?, inputFrames: Int,
        into output: UnsafeMutablePointer<Float>, outputCapacity: Int
    ) throws(DecoderError) -> (consumed: Int, produced: Int) {
        if position > 0 {
            // What the next window needs moves to the front; the rest has been used. (A step
            // may have left the window past what is buffered: then nothing is kept.)
            let keep = max(0, filled - position)
            buffer.update(from: buffer + min(position, filled) * 2, count: keep * 2)
            position = max(0, position - filled)
            filled = keep
        }
        var consumed = 0
        if let input {
            consumed = min(max(0, inputFrames), bufferFrames - filled)
            (buffer + filled * 2).update(from: input, count: consumed * 2)
            filled += consumed
        } else if !flushed {
            // The input ended: the half window after its last frame is silence, which lets the
            // last output frames be made.
            let tail = min(taps / 2, bufferFrames - filled)
            (buffer + filled * 2).update(repeating: 0, count: tail * 2)
            filled += tail
            flushed = true
        }
        let produced = meditate_polyphase_run(&filter, buffer, filled, &position, &row, output, outputCapacity)
        return (consumed, produced)
    }

    /// Fills `table` with `phases` rows of `taps` coefficients, each twice (left and right).
    /// Row `r` is phase `p = r × step mod phases`: its tap `k` is the filter at
    /// `k − taps/2 + 1 − p/phases` input frames from its centre. `cutoff` is in cycles per
    /// input frame. Each row sums to exactly 1, so that a constant, or a low note, passes at
    /// the same level whatever the phase.
    private static func design(
        into table: UnsafeMutablePointer<Float>, phases: Int, step: Int, taps: Int,
        cutoff: Double, beta: Double
    ) {
        let half = Double(taps) / 2
        let scale = besselI0(beta)
        var row = [Double](repeating: 0, count: taps)
        for r in 0..<phases {
            let p = r * step % phases
            for k in 0..<taps {
                let offset = Double(k) - half + 1 - Double(p) / Double(phases)
                let ratio = offset / half
                let window = abs(ratio) >= 1 ? 0 : besselI0(beta * (1 - ratio * ratio).squareRoot()) / scale
                let x = 2 * cutoff * offset
                let sinc = x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
                row[k] = 2 * cutoff * sinc * window
            }
            normalize(row, into: table + r * taps * 2)
        }
    }

    /// Taps per phase of the filter designed ahead for 44.1 → 48 kHz.
    static let designedTaps = Int(MEDITATE_PROTOTYPE_44100_48000_TAPS)

    /// Fills `table` as `design` does, from a prototype designed ahead: `taps × phases − 1`
    /// coefficients, one every `1/phases` of an input frame, centred on the middle one.
    /// Row `r`'s tap `k` is the prototype at `k − taps/2 + 1 − p/phases` input frames from its
    /// centre, which is its coefficient `(k + 1) × phases − p − 1` (the last tap of phase 0
    /// falls past its end: zero, as the Kaiser window's is). All rows are scaled alike, so
    /// that the filter is the one designed: scaled each to sum to 1, the phases' gains, which
    /// differ by some 1e-5, would modulate the sound and leave spurs at -98 dB.
    private static func arrange(
        _ prototype: UnsafePointer<Float>, into table: UnsafeMutablePointer<Float>, phases: Int, step: Int,
        taps: Int
    ) {
        let length = taps * phases - 1
        let scale = Double(phases) / (0..<length).reduce(0.0) { $0 + Double(prototype[$1]) }
        for r in 0..<phases {
            let p = r * step % phases
            for k in 0..<taps {
                let index = (k + 1) * phases - p - 1
                let value = Float(index < length ? Double(prototype[index]) * scale : 0)
                table[(r * taps + k) * 2] = value
                table[(r * taps + k) * 2 + 1] = value
            }
        }
    }

    /// Writes `row`, scaled to sum to exactly 1, with each tap twice (left and right).
    private static func normalize(_ row: [Double], into target: UnsafeMutablePointer<Float>) {
        let sum = row.reduce(0, +)
        for (k, value) in row.enumerated() {
            target[k * 2] = Float(value / sum)
            target[k * 2 + 1] = Float(value / sum)
        }
    }

    /// The modified Bessel function of the first kind, order 0, by its power series.
    private static func besselI0(_ x: Double) -> Double {
        var sum = 1.0
        var term = 1.0
        var k = 1.0
        while term > sum * 1e-17 {
            term *= (x / (2 * k)) * (x / (2 * k))
            sum += term
            k += 1
        }
        return sum
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
