import Decoders
import Foundation
import Mixer

@testable import Session

/// The repository's bundled bowl at `rate`.
func bundledGong(rate: Int = 48_000, _ sound: BundledSound = .bowl) throws -> SampleBuffer {
    try GongLoader.load(.bundled(sound), sampleRate: rate)
}

/// Renders a plan into memory (for sessions short enough to hold).
func renderToMemory(_ plan: SessionPlan, gong: SampleBuffer) throws -> [Float] {
    var samples: [Float] = []
    try OfflineSessionRenderer(plan: plan, gong: gong).render { samples.append(contentsOf: $0) }
    return samples
}

func channel(_ samples: [Float], _ index: Int, frames: Range<Int>) -> [Float] {
    frames.map { samples[2 * $0 + index] }
}

/// Largest |x[n] − x[n−1]| over `frames` of one channel.
func largestJump(_ samples: [Float], channel index: Int, frames: Range<Int>) -> Float {
    var worst: Float = 0
    for n in frames.dropFirst() {
        worst = max(worst, abs(samples[2 * n + index] - samples[2 * (n - 1) + index]))
    }
    return worst
}

/// Welch's average of Hann-windowed periodograms, per frequency bin.
func powerSpectrum(_ signal: [Float], segment: Int = 8192) -> [Double] {
    let window = (0..<segment).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(segment)) }
    var sum = [Double](repeating: 0, count: segment / 2)
    var count = 0
    var start = 0
    while start + segment <= signal.count {
        var re = (0..<segment).map { Double(signal[start + $0]) * window[$0] }
        var im = [Double](repeating: 0, count: segment)
        fft(&re, &im)
        for k in 0..<(segment / 2) { sum[k] += re[k] * re[k] + im[k] * im[k] }
        count += 1
        start += segment / 2
    }
    return sum.map { $0 / Double(count) }
}

/// Mean power per bin in the octave band centred on `centre` (edges centre/√2 … centre·√2).
func octaveBandDensity(_ spectrum: [Double], centre: Double, rate: Double) -> Double {
    let binWidth = rate / Double(spectrum.count * 2)
    let low = Int((centre / 2.0.squareRoot() / binWidth).rounded(.up))
    let high = min(spectrum.count - 1, Int((centre * 2.0.squareRoot() / binWidth).rounded(.down)))
    let band = spectrum[low...high]
    return band.reduce(0, +) / Double(band.count)
}

func decibels(_ power: Double) -> Double { 10 * log10(power) }

/// In-place iterative radix-2 FFT.
func fft(_ re: inout [Double], _ im: inout [Double]) {
    let n = re.count
    var j = 0
    for i in 1..<n {
        var bit = n >> 1
        while j & bit != 0 {
            j ^= bit
            bit >>= 1
        }
        j |= bit
        if i < j {
            re.swapAt(i, j)
            im.swapAt(i, j)
        }
    }
    var length = 2
    while length <= n {
        let angle = -2 * Double.pi / Double(length)
        let wr = cos(angle), wi = sin(angle)
        var start = 0
        while start < n {
            var cr = 1.0, ci = 0.0
            for k in 0..<(length / 2) {
                let a = start + k, b = a + length / 2
                let tr = re[b] * cr - im[b] * ci
                let ti = re[b] * ci + im[b] * cr
                re[b] = re[a] - tr
                im[b] = im[a] - ti
                re[a] += tr
                im[a] += ti
                let next = cr * wr - ci * wi
                ci = cr * wi + ci * wr
                cr = next
            }
            start += length
        }
        length <<= 1
    }
}

/// A short strike whose first sample is its loudest, so that its onset is its first non-zero sample.
let testStrike = SampleBuffer(
    interleavedStereo: (0..<2400).flatMap { n -> [Float] in
        let value = Float(0.8 * exp(-Double(n) / 400) * cos(2 * Double.pi * 880 * Double(n) / 48_000))
        return [value, value]
    })
