import Foundation

/// Writes a 16-bit PCM WAV of a sine, with no tool: the tests make their own recordings of any
/// length, each tone its own content.
public func writeSineWAV(
    path: String, frames: Int, sampleRate: Int = 48_000, channels: Int = 2,
    frequency: Double = 440, amplitude: Double = 0.25
) throws {
    var data = Data(capacity: 44 + frames * channels * 2)
    func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    let bytes = frames * channels * 2
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + bytes))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))
    append(UInt16(channels))
    append(UInt32(sampleRate))
    append(UInt32(sampleRate * channels * 2))
    append(UInt16(channels * 2))
    append(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(bytes))
    for frame in 0..<frames {
        let value = Int16(amplitude * 32767 * sin(2 * Double.pi * frequency * Double(frame) / Double(sampleRate)))
        for _ in 0..<channels { append(value) }
    }
    try data.write(to: URL(fileURLWithPath: path))
}
