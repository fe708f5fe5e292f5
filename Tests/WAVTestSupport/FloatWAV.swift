import Foundation

/// Writes interleaved samples as a 32-bit float WAV, with no tool: for test recordings whose
/// level must be exact (no 16-bit rounding).
public func writeFloatWAV(path: String, samples: [Float], sampleRate: Int, channels: Int) throws {
    var data = Data(capacity: 58 + samples.count * 4)
    func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    let bytes = samples.count * 4
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + bytes))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(3))
    append(UInt16(channels))
    append(UInt32(sampleRate))
    append(UInt32(sampleRate * channels * 4))
    append(UInt16(channels * 4))
    append(UInt16(32))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(bytes))
    for sample in samples { append(sample.bitPattern) }
    try data.write(to: URL(fileURLWithPath: path))
}

/// Something like a voice: a 180 Hz tone with harmonics, syllables at 4 Hz, and a second of
/// silence after every three, so that loudness gating has pauses to leave out. `peak` is its
/// largest sample.
public func speechLikeSamples(seconds: Int, sampleRate: Int, channels: Int, peak: Float) -> [Float] {
    var mono = [Float](repeating: 0, count: seconds * sampleRate)
    for n in mono.indices {
        let t = Double(n) / Double(sampleRate)
        guard t.truncatingRemainder(dividingBy: 4) < 3 else { continue }
        let syllable = 0.5 - 0.5 * cos(2 * Double.pi * 4 * t)
        let voice =
            sin(2 * Double.pi * 180 * t) + 0.5 * sin(2 * Double.pi * 360 * t) + 0.25 * sin(2 * Double.pi * 720 * t)
        mono[n] = Float(syllable * voice)
    }
    let largest = mono.reduce(0) { max($0, abs($1)) }
    return mono.flatMap { sample in [Float](repeating: sample * peak / largest, count: channels) }
}
