import Foundation

/// Writes a 16-bit AIFF of a sine, with no tool, and can cut it short: AIFF is where libsndfile
/// reads a file that ends early as a shorter one without a word.
public func writeSineAIFF(
    path: String, frames: Int, sampleRate: Int = 48_000, channels: Int = 2,
    keepingBytes: Int? = nil
) throws {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) }
    }
    let soundBytes = frames * channels * 2
    data.append(contentsOf: Array("FORM".utf8))
    append(UInt32(4 + 8 + 18 + 8 + 8 + soundBytes))
    data.append(contentsOf: Array("AIFFCOMM".utf8))
    append(UInt32(18))
    append(UInt16(channels))
    append(UInt32(frames))
    append(UInt16(16))
    // The rate as an 80-bit extended float: exponent, then the mantissa with its integer bit.
    let exponent = Int(log2(Double(sampleRate)))
    append(UInt16(16383 + exponent))
    append(UInt64(sampleRate) << (63 - exponent))
    data.append(contentsOf: Array("SSND".utf8))
    append(UInt32(8 + soundBytes))
    append(UInt32(0))
    append(UInt32(0))
    for frame in 0..<frames {
        let value = Int16(8000 * sin(2 * Double.pi * 440 * Double(frame) / Double(sampleRate)))
        for _ in 0..<channels { append(value) }
    }
    try data.prefix(keepingBytes ?? data.count).write(to: URL(fileURLWithPath: path))
}
