import Foundation
import Mixer
import Testing

@testable import Session

@Suite("Noise bed")
struct NoiseBedTests {
    /// 30 s of noise at full bed level (after the fade-in), left channel, gongs muted.
    func steadyNoise(_ color: NoiseColor, seed: UInt64 = 42) throws -> [Float] {
        var c = configuration(minutes: "0.75", countdown: "0")
        c.noise = color
        c.noiseVolume = 0.5
        c.gongVolume = 0
        c.seed = seed
        let plan = try SessionPlan(c)
        let samples = try renderToMemory(plan, gong: try bundledGong())
        let from = plan.startFrame + plan.noiseFadeFrames
        return channel(samples, 0, frames: from..<(from + 30 * 48_000))
    }

    let centres: [Double] = [125, 250, 500, 1000, 2000, 4000, 8000, 16_000]

    @Test("white noise is flat within ±1.5 dB across octave bands 125 Hz – 16 kHz")
    func whiteIsFlat() throws {
        let spectrum = powerSpectrum(try steadyNoise(.white))
        let levels = centres.map { decibels(octaveBandDensity(spectrum, centre: $0, rate: 48_000)) }
        let mean = levels.reduce(0, +) / Double(levels.count)
        for (centre, level) in zip(centres, levels) {
            #expect(abs(level - mean) <= 1.5, "white at \(centre) Hz: \(level - mean) dB from the mean")
        }
    }

    /// Checks that each octave band is `slope` dB (± `tolerance`) from the one below it.
    func expectSlope(_ color: NoiseColor, slope: Double, tolerance: Double, upTo top: Double) throws {
        let spectrum = powerSpectrum(try steadyNoise(color))
        let bands = centres.filter { $0 <= top }
        let levels = bands.map { decibels(octaveBandDensity(spectrum, centre: $0, rate: 48_000)) }
        for i in 1..<levels.count {
            let step = levels[i] - levels[i - 1]
            #expect(abs(step - slope) <= tolerance, "\(color) from \(bands[i - 1]) to \(bands[i]) Hz: \(step) dB")
        }
    }

    @Test("pink noise falls 3 dB per octave, ±1 dB, from 125 Hz to 16 kHz")
    func pinkFalls3dB() throws {
        try expectSlope(.pink, slope: -3, tolerance: 1, upTo: 16_000)
    }

    @Test("brown noise falls 6 dB per octave, ±1.5 dB, from 125 Hz to 4 kHz")
    func brownFalls6dB() throws {
        try expectSlope(.brown, slope: -6, tolerance: 1.5, upTo: 4000)
    }

    @Test("the three colours play at a similar loudness for the same volume")
    func coloursMatchInLevel() throws {
        let rms = try NoiseColor.allCases.map { color -> Double in
            let s = try steadyNoise(color)
            return decibels(s.reduce(0.0) { $0 + Double($1 * $1) } / Double(s.count))
        }
        #expect(rms.max()! - rms.min()! < 2, "\(rms)")
    }

    @Test("the same seed renders identical bytes; another seed does not")
    func seedReproducible() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("meditate-seed-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func render(seed: UInt64, name: String) throws -> Data {
            var c = configuration(minutes: "0.5", countdown: "1")
            c.noise = .pink
            c.seed = seed
            let path = directory.appendingPathComponent(name).path
            try OfflineSessionRenderer(plan: try SessionPlan(c), gong: try bundledGong()).render(to: path, format: .f32)
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let first = try render(seed: 7, name: "a.wav")
        let second = try render(seed: 7, name: "b.wav")
        let other = try render(seed: 8, name: "c.wav")
        #expect(first == second)
        #expect(first != other)
        #expect(first.count > 30 * 48_000 * 8)
    }
}
