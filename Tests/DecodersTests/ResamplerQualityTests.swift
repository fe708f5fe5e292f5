import Foundation
import Testing

@testable import Decoders

/// What the resampler promises (`PolyphaseResampler`), measured with steady tones: one second
/// of output, taken half a second in, holds a whole number of cycles of every tone and image
/// at integer frequencies, so a single DFT bin measures each without leakage.
@Suite("Resampler quality")
struct ResamplerQualityTests {
    /// `seconds` of a sine at `hertz`, amplitude `amplitude`, on both channels, at `rate`,
    /// through the converter `makeResampler` picks for `rate` → `outputRate`.
    private func resampledTone(
        hertz: Double, amplitude: Double = 0.5, rate: Int, outputRate: Int,
        seconds: Int = 2
    ) throws -> [Float] {
        let converter = try makeResampler(inputRate: rate, outputRate: outputRate)
        let frames = rate * seconds
        var input = [Float](repeating: 0, count: frames * 2)
        for frame in 0..<frames {
            let value = Float(amplitude * sin(2 * Double.pi * hertz * Double(frame) / Double(rate)))
            input[2 * frame] = value
            input[2 * frame + 1] = value
        }
        var output: [Float] = []
        let chunk = 4096
        var scratch = [Float](repeating: 0, count: chunk * 4)
        try input.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            var offset = 0
            while true {
                let remaining = frames - offset
                let (consumed, produced) = try scratch.withUnsafeMutableBufferPointer { target in
                    try converter.process(
                        remaining > 0 ? base + offset * 2 : nil, inputFrames: min(chunk, remaining),
                        into: target.baseAddress!, outputCapacity: chunk * 2)
                }
                output += scratch[0..<(produced * 2)]
                offset += consumed
                if remaining == 0 && produced == 0 { break }
            }
        }
        return output
    }

    /// The amplitude of the component at `hertz` (an integer) in the left channel of one second
    /// of `samples` at `rate`, starting half a second in.
    private func amplitude(of samples: [Float], hertz: Int, rate: Int) -> Double {
        let start = rate / 2
        var real = 0.0, imaginary = 0.0
        for n in 0..<rate {
            let angle = 2 * Double.pi * Double(hertz) * Double(n) / Double(rate)
            let value = Double(samples[2 * (start + n)])
            real += value * cos(angle)
            imaginary -= value * sin(angle)
        }
        return 2 * (real * real + imaginary * imaginary).squareRoot() / Double(rate)
    }

    private func decibels(_ ratio: Double) -> Double { 20 * log10(max(ratio, 1e-20)) }

    @Test(
        "44.1 → 48 kHz: a sweep of tones from 20 Hz to 20 kHz keeps its level within ±0.01 dB",
        arguments: [20, 100, 500] + Array(stride(from: 1_000, through: 20_000, by: 1_000)))
    func passbandIsFlat(hertz: Int) throws {
        // Given a tone at half scale, 44.1 kHz
        // When it is converted to 48 kHz
        let output = try resampledTone(hertz: Double(hertz), rate: 44_100, outputRate: 48_000)
        // Then it has its level at its frequency
        let level = decibels(amplitude(of: output, hertz: hertz, rate: 48_000) / 0.5)
        #expect(abs(level) < 0.01, "\(hertz) Hz: \(level) dB")
    }

    @Test(
        "44.1 → 48 kHz: the image of every tone of a sweep, which would land below 20 kHz, is at least 100 dB down",
        arguments: [20, 100] + Array(stride(from: 500, through: 16_000, by: 500)))
    func imagesAreRejected(hertz: Int) throws {
        // Given a tone at half scale, 44.1 kHz; its image at 44.1 kHz − f folds to 3.9 kHz + f
        let output = try resampledTone(hertz: Double(hertz), rate: 44_100, outputRate: 48_000)
        // Then the image is 100 dB or more below the tone
        let tone = amplitude(of: output, hertz: hertz, rate: 48_000)
        let image = amplitude(of: output, hertz: 3_900 + hertz, rate: 48_000)
        #expect(
            decibels(image / tone) <= -PolyphaseResampler.rejection,
            "\(hertz) Hz: image at \(decibels(image / tone)) dB")
    }

    @Test(
        "96 → 48 kHz: a tone whose alias would land below 20 kHz is at least 100 dB down; one below 20 kHz passes flat")
    func downsamplingRejectsAliases() throws {
        // Given tones at 30 kHz and 40 kHz (aliases at 18 kHz and 8 kHz), and one at 15 kHz
        for (hertz, alias) in [(30_000, 18_000), (40_000, 8_000)] {
            let output = try resampledTone(hertz: Double(hertz), rate: 96_000, outputRate: 48_000)
            let level = decibels(amplitude(of: output, hertz: alias, rate: 48_000) / 0.5)
            #expect(level <= -PolyphaseResampler.rejection, "\(hertz) Hz: alias at \(level) dB")
        }
        let output = try resampledTone(hertz: 15_000, rate: 96_000, outputRate: 48_000)
        #expect(abs(decibels(amplitude(of: output, hertz: 15_000, rate: 48_000) / 0.5)) < 0.01)
    }

    @Test("48 kHz from 44.1, 88.2, 96 and 192 kHz uses the polyphase filter; 22.05, 32 and 44.101 kHz use libsoxr")
    func converterChoice() throws {
        for rate in [44_100, 88_200, 96_000, 192_000] {
            #expect(try makeResampler(inputRate: rate, outputRate: 48_000) is PolyphaseResampler, "\(rate)")
        }
        for rate in [22_050, 32_000, 44_101] {
            #expect(try makeResampler(inputRate: rate, outputRate: 48_000) is SoxrResampler, "\(rate)")
        }
        #expect(PolyphaseResampler(inputRate: 44_100, outputRate: 48_000)?.taps == 32)
        // No room between 20 kHz and the stopband, or a filter too long: libsoxr
        #expect(PolyphaseResampler(inputRate: 44_100, outputRate: 40_000) == nil)
        #expect(PolyphaseResampler(inputRate: 768_000, outputRate: 42_000) == nil)
        #expect(PolyphaseResampler(inputRate: 768_000, outputRate: 48_000) != nil)
    }

    @Test("44.1 → 48 kHz: two seconds become exactly 96 000 frames, and the tone is not delayed")
    func lengthAndTiming() throws {
        // Given two seconds of a 1 kHz tone
        let output = try resampledTone(hertz: 1_000, rate: 44_100, outputRate: 48_000)
        // Then there are 96000 output frames, and the tone's phase at 48 kHz is the input's
        #expect(output.count == 96_000 * 2)
        var worst = 0.0
        for frame in 24_000..<24_100 {
            let expected: Double = 0.5 * sin(2 * Double.pi * 1_000 * Double(frame) / 48_000)
            worst = max(worst, abs(Double(output[2 * frame]) - expected))
        }
        #expect(worst < 1e-4)
    }
}
