import Foundation

/// `seconds` of stereo Gaussian noise at `sigma`, interleaved, drawn from a fixed seed: steady in
/// level as rain or a stream is, with nothing shared between its end and its start. What an
/// ambience's seams are tested with.
public func stationaryNoise(seconds: Double, sampleRate: Int, sigma: Double = 0.1, seed: UInt64 = 11) -> [Float] {
    var random = SplitMix64(state: seed)
    func uniform() -> Double { (Double(random.next() >> 11) + 0.5) / Double(1 << 53) }
    let count = Int(seconds * Double(sampleRate)) * 2
    return (0..<count).map { _ in
        Float(sigma * (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform()))
    }
}
