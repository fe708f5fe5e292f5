import Decoders
import Foundation
import Mixer
import Testing
import WAVTestSupport

@testable import Session

/// Random sessions within every option's range, rendered in float with the mixer's ceiling and
/// without it: the first never passes full scale, and where the second stays under the ceiling,
/// the two are the same to the bit.
@Suite("The mix's peak ceiling")
struct PeakCeilingSessionTests {
    static let rate = 48_000

    /// A small, seeded generator: the same sessions on every run.
    struct Draw {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Peak |sample| of a render.
    static func peak(_ samples: [Float]) -> Float { samples.reduce(0) { max($0, abs($1)) } }

    static func render(_ make: () throws -> OfflineSessionRenderer, ceiling: Bool) throws -> [Float] {
        var renderer = try make()
        if !ceiling { renderer.limits.peakCeiling = nil }
        var samples: [Float] = []
        try renderer.render { samples.append(contentsOf: $0) }
        return samples
    }

    /// A sit drawn from every option's range: bed, both volumes, strikes per role, bells that
    /// fall on the interval's instants, a walk.
    static func randomSit(_ draw: inout Draw, ambience: String?) -> SessionConfiguration {
        var c = SessionConfiguration()
        c.sampleRate = rate
        c.minutes = ExactDecimal(["0.6", "0.8", "1"][draw.below(3)])!
        c.countdownSeconds = ExactDecimal(draw.below(2))
        c.seed = draw.next()
        let colours: [NoiseColor?] = [nil] + NoiseColor.allCases.map { $0 }
        // A file as the bed takes the noise's place.
        let colour = colours[draw.below(colours.count)]
        c.noise = ambience == nil ? colour : nil
        c.ambience = ambience
        // Squared, so that quiet settings, which never reach the ceiling, are drawn as often
        // as loud ones; the whole range all the same.
        c.noiseVolume = draw.unit() * draw.unit()
        c.gongVolume = draw.unit() * draw.unit()
        c.strikes = 1 + draw.below(draw.below(2) == 0 ? 2 : SessionConfiguration.strikeRange.upperBound)
        for role in GongRole.allCases where draw.below(2) == 0 {
            c.roleVolumes[role] = draw.unit() * draw.unit()
            c.roleStrikes[role] = 1 + draw.below(3)
        }
        // Bells every quarter minute or at listed minutes, the end gong over their last rings.
        if draw.below(2) == 0 {
            c.interval = ExactDecimal(["0.25", "0.3"][draw.below(2)])
        } else {
            c.bells = ["0.25", "0.5"].compactMap(ExactDecimal.init)
        }
        return c
    }

    @Test(
        "no sample of a random session passes full scale, and one that stays under the ceiling is unchanged to the bit")
    func randomSessionsStayUnderFullScale() throws {
        // Given an ambience file and a guided track, both loud
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("meditate-ceiling-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bedPath = directory.appendingPathComponent("bed.wav").path
        try writeFloatWAV(
            path: bedPath, samples: stationaryNoise(seconds: 6, sampleRate: Self.rate, seed: 3).map { $0 * 3 },
            sampleRate: Self.rate, channels: 2)
        let trackPath = directory.appendingPathComponent("track.wav").path
        try writeSineWAV(path: trackPath, frames: 3 * Self.rate, sampleRate: Self.rate, frequency: 220, amplitude: 0.95)
        let sounds = GongSounds(try bundledGong())

        var draw = Draw(state: 20_261_128)
        var overloaded = 0, transparent = 0
        for index in 0..<16 {
            // When a random sit (some with the file as their bed, some after the guided track) is
            // rendered with the ceiling and without it
            let withBed = index % 3 == 0
            let afterTrack = index % 4 == 1
            let c = Self.randomSit(&draw, ambience: withBed ? bedPath : nil)
            let plan = try SessionPlan(c)
            let bedGain = 0.5 + draw.unit()
            func make() throws -> OfflineSessionRenderer {
                let ambience =
                    withBed
                    ? try AmbienceLoop(path: bedPath, engineRate: Self.rate, gain: bedGain, threaded: false) : nil
                if afterTrack {
                    let reader = try EngineFormatReader(path: trackPath, engineRate: Self.rate)
                    let outline = try SessionOutline(trackFrames: reader.frameCount, then: plan, format: .standard)
                    return OfflineSessionRenderer(
                        outline: outline, track: reader, gain: 1, sounds: sounds, ambience: ambience)
                }
                return OfflineSessionRenderer(plan: plan, sounds: sounds, ambience: ambience)
            }
            let capped = try Self.render(make, ceiling: true)
            let open = try Self.render(make, ceiling: false)

            // Then the capped render never passes the ceiling (-1 dBFS), let alone full scale
            let description =
                "session \(index): \(c.noise.map { "\($0)" } ?? "no noise") at \(c.noiseVolume), "
                + "gongs at \(c.gongVolume) × \(c.strikes), bed \(withBed), track \(afterTrack)"
            #expect(capped.count == open.count, "\(description)")
            #expect(Self.peak(capped) <= PeakCeiling.defaultCeiling, "\(description): \(Self.peak(capped))")
            // And a render that never reached the ceiling is exactly what it was without one
            if Self.peak(open) <= PeakCeiling.defaultCeiling {
                transparent += 1
                let changed = zip(capped, open).filter { $0 != $1 }.count
                #expect(changed == 0, "\(description): \(changed) samples changed under the ceiling")
            } else {
                overloaded += 1
            }
        }
        // And the draw held both kinds, so each half of the property was tried
        #expect(overloaded >= 3 && transparent >= 3, "overloaded \(overloaded), under the ceiling \(transparent)")
    }

    @Test("the README's 20-minute sit with pink noise and a bell every 5 minutes peaks under full scale for every seed")
    func readmeSitPeaksUnderFullScale() throws {
        // Given the quick start's sit: pink at 0.15, the bundled bowl at 1, a bell every 5
        // minutes; the seeds that clipped before the ceiling among them
        let sounds = GongSounds(try bundledGong())
        var overloaded = 0
        for seed: UInt64 in 1...6 {
            var c = configuration(minutes: "20", countdown: "15", interval: "5")
            c.noise = .pink
            c.seed = seed
            let plan = try SessionPlan(c)
            // When each is rendered in float, with and without the ceiling
            var peak: Float = 0, openPeak: Float = 0
            try OfflineSessionRenderer(plan: plan, sounds: sounds).render { block in
                for sample in block { peak = max(peak, abs(sample)) }
            }
            var open = OfflineSessionRenderer(plan: plan, sounds: sounds)
            open.limits.peakCeiling = nil
            try open.render { block in
                for sample in block { openPeak = max(openPeak, abs(sample)) }
            }
            if openPeak > 1 { overloaded += 1 }
            // Then no seed's render passes the ceiling
            #expect(peak <= PeakCeiling.defaultCeiling, "seed \(seed): \(peak)")
        }
        // And without the ceiling some of them passed full scale, as the issue measured
        #expect(overloaded >= 1)
    }
}
