import Foundation

@testable import Decoders

/// Where strikes begin in interleaved stereo audio, to the millisecond: a millisecond whose
/// peak is at least 0.1 and four times the loudest of the 20 before it (a ringing tail of an
/// earlier strike included), walked back to where the rise began.
package func strikeOnsets(_ samples: [Float], rate: Int = 48_000) -> [Int] {
    let window = rate / 1000
    let windows = samples.count / 2 / window
    var peak = [Float](repeating: 0, count: windows)
    for k in 0..<windows {
        for i in (k * window * 2)..<((k + 1) * window * 2) { peak[k] = max(peak[k], abs(samples[i])) }
    }
    var onsets: [Int] = []
    var k = 25
    while k < windows {
        let before = peak[(k - 25)..<(k - 5)].max() ?? 0
        if peak[k] >= 0.1 && peak[k] > 4 * before {
            var start = k
            while start > k - 5 && peak[start - 1] > 2 * before + 0.001 { start -= 1 }
            onsets.append(start * window)
            k += 1000
        } else {
            k += 1
        }
    }
    return onsets
}

/// The largest step between neighbouring samples of one channel.
package func largestJump(_ samples: ArraySlice<Float>) -> Float {
    var largest: Float = 0
    var i = samples.startIndex + 2
    while i < samples.endIndex {
        largest = max(largest, abs(samples[i] - samples[i - 2]))
        i += 1
    }
    return largest
}

/// A 48 kHz stereo WAV's samples, exactly as stored (no resampling at the engine rate).
package func wavFloats(atPath path: String) throws -> [Float] {
    try AudioLoader.loadStereo(path: path, engineRate: 48_000).samples
}

/// The level of a broadband noise bed in 10 ms windows of one channel: the RMS of the second
/// difference, which a steady tone below 1 kHz hardly reaches (440 Hz at 0.3: about 0.001)
/// and white noise fills (about 2.4 times its own RMS).
package func noiseEnvelope(_ samples: [Float], channel: Int = 0, rate: Int = 48_000) -> [Float] {
    let window = rate / 100
    let frames = samples.count / 2
    var levels: [Float] = []
    var start = 2
    while start + window <= frames {
        var sum: Float = 0
        for n in start..<(start + window) {
            let d2 = samples[2 * n + channel] - 2 * samples[2 * (n - 1) + channel] + samples[2 * (n - 2) + channel]
            sum += d2 * d2
        }
        levels.append((sum / Float(window)).squareRoot())
        start += window
    }
    return levels
}

/// Where a noise bed was paused or held and where it resumed, in seconds into the capture: the
/// first stretch, a second or more after frame `start`, where the noise has all but gone,
/// timed by its fades (equal power over 300 ms: half its level 200 ms into the fall, 100 ms
/// into the rise). Nil when the noise never falls and rises again.
package func heldStretch(_ samples: [Float], after start: Int, rate: Int = 48_000) -> (Double, Double)? {
    let envelope = noiseEnvelope(samples, rate: rate)
    let window = 0.01
    let from = Int((Double(start) / Double(rate) + 1) / window)
    guard from < envelope.count else { return nil }
    let reference = envelope[from..<min(envelope.count, from + 50)].max() ?? 0
    guard let low = envelope.indices.first(where: { $0 > from && envelope[$0] < 0.1 * reference }), low >= 45
    else { return nil }
    let level = envelope[(low - 45)..<(low - 35)].reduce(0, +) / 10
    guard let fell = (from..<low).last(where: { envelope[$0] >= 0.5 * level }),
        let rose = envelope.indices.first(where: { $0 > low && envelope[$0] >= 0.5 * level })
    else { return nil }
    // Where the level crossed half, between the centres of the windows either side
    let half = 0.5 * level
    func crossing(_ before: Int) -> Double {
        let a = envelope[before], b = envelope[before + 1]
        return (Double(before) + 0.5 + Double((a - half) / (a - b))) * window
    }
    return (crossing(fell) - 0.200, crossing(rose - 1) - 0.100)
}

/// The amplitude of a `frequency` sine in the 10 ms window that starts at `frame` (Goertzel).
package func toneAmplitude(_ samples: [Float], at frame: Int, frequency: Double, rate: Int = 48_000) -> Double {
    let window = rate / 100
    var re = 0.0, im = 0.0
    for n in 0..<window where frame + n < samples.count / 2 {
        let x = Double(samples[2 * (frame + n)])
        let phase = 2 * Double.pi * frequency * Double(n) / Double(rate)
        re += x * cos(phase)
        im += x * sin(phase)
    }
    return (re * re + im * im).squareRoot() / (Double(window) / 2)
}

/// One stereo pair (0: channels 1-2, 1: channels 3-4) of a four-channel capture.
package func stereoPair(_ samples: [Float], _ pair: Int) -> [Float] {
    var stereo: [Float] = []
    stereo.reserveCapacity(samples.count / 2)
    var i = 2 * pair
    while i + 1 < samples.count {
        stereo += [samples[i], samples[i + 1]]
        i += 4
    }
    return stereo
}

/// How many frames later `b` plays the sound that starts in `a` at `frame` (negative: earlier),
/// up to `most` either way: the lag where the left channels' cross-correlation over the next
/// 50 ms peaks.
package func lagFrames(_ a: [Float], _ b: [Float], at frame: Int, most: Int, rate: Int = 48_000) -> Int {
    let length = rate / 20
    let frames = min(a.count, b.count) / 2
    var best = (lag: 0, score: -Double.infinity)
    for lag in -most...most {
        var score = 0.0
        for n in frame..<(frame + length) where n + lag >= 0 && n + lag < frames && n < frames {
            score += Double(a[2 * n]) * Double(b[2 * (n + lag)])
        }
        if score > best.score { best = (lag, score) }
    }
    return best.lag
}
