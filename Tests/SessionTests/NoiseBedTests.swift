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

    /// Two minutes of the sea at full bed level, left channel, in RMS decibels per half second,
    /// and the share of each half second's energy in its sample-to-sample differences (a
    /// brightness: the differences weigh high frequencies up).
    func seaWindows(seed: UInt64) throws -> (level: [Double], brightness: [Double], samples: [Float]) {
        var c = configuration(minutes: "2.2", countdown: "0")
        c.noise = .ocean
        c.noiseVolume = 0.5
        c.gongVolume = 0
        c.seed = seed
        let plan = try SessionPlan(c)
        let samples = try renderToMemory(plan, gong: try bundledGong())
        let from = plan.startFrame + plan.noiseFadeFrames
        let left = channel(samples, 0, frames: from..<(from + 120 * 48_000))
        var level: [Double] = []
        var brightness: [Double] = []
        for start in stride(from: 0, to: left.count - 24_000 + 1, by: 24_000) {
            let window = left[start..<(start + 24_000)]
            let energy = window.reduce(0.0) { $0 + Double($1 * $1) }
            let changes = zip(window, window.dropFirst()).reduce(0.0) { $0 + Double(($1.1 - $1.0) * ($1.1 - $1.0)) }
            level.append(decibels(energy / 24_000))
            brightness.append(decibels(changes / energy))
        }
        return (level, brightness, left)
    }

    @Test("the sea rises and falls: its loudness per half second spans more than 8 dB, in swells of unequal length")
    func oceanSwells() throws {
        // Given two minutes of the sea
        let (level, _, _) = try seaWindows(seed: 7)

        // Then its loudness swells and ebbs
        let span = (level.max() ?? 0) - (level.min() ?? 0)
        #expect(span > 8, "the sea spans \(span) dB")
        // And the crests (the loudest half second of each swell, over a 4-second smoothing) come
        // at unequal distances: no fixed rhythm
        let smooth = level.indices.map { i in
            let window = level[max(0, i - 4)...min(level.count - 1, i + 4)]
            return window.reduce(0, +) / Double(window.count)
        }
        let crests = smooth.indices.dropFirst().dropLast().filter {
            smooth[$0] > smooth[$0 - 1] && smooth[$0] >= smooth[$0 + 1] && smooth[$0] > (smooth.min() ?? 0) + span / 3
        }
        let distances = zip(crests, crests.dropFirst()).map { Double($1 - $0) / 2 }
        #expect(crests.count >= 4, "crests at \(crests)")
        #expect(((distances.max() ?? 0) - (distances.min() ?? 0)) >= 3, "crests \(distances) s apart")
    }

    @Test("the sea is brighter at a crest than in a trough (the wash), and stays a deep sound")
    func oceanWashesAtCrests() throws {
        // Given two minutes of the sea
        let (level, brightness, left) = try seaWindows(seed: 11)

        // Then its loudest quarter of half seconds is brighter than its quietest quarter
        let order = level.indices.sorted { level[$0] < level[$1] }
        let quarter = order.count / 4
        func mean(_ indices: ArraySlice<Int>) -> Double {
            indices.reduce(0.0) { $0 + brightness[$1] } / Double(indices.count)
        }
        let quiet = mean(order.prefix(quarter)), loud = mean(order.suffix(quarter))
        #expect(loud - quiet > 3, "crests \(loud) dB, troughs \(quiet) dB")
        // And most of its power lies low: the 125 Hz band above the 4 kHz band by more than 12 dB
        let spectrum = powerSpectrum(Array(left.prefix(30 * 48_000)))
        let low = decibels(octaveBandDensity(spectrum, centre: 125, rate: 48_000))
        let high = decibels(octaveBandDensity(spectrum, centre: 4000, rate: 48_000))
        #expect(low - high > 12, "125 Hz at \(low) dB, 4 kHz at \(high) dB")
    }

    @Test("the same seed gives the same sea; another seed another")
    func oceanSeeded() throws {
        let first = try seaWindows(seed: 3).samples
        let again = try seaWindows(seed: 3).samples
        let other = try seaWindows(seed: 4).samples
        #expect(first == again)
        #expect(first != other)
    }
}
