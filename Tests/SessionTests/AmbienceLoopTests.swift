import Foundation
import Testing
import WAVTestSupport

@testable import Mixer
@testable import Session

@Suite("Ambience looped as the bed")
struct AmbienceLoopTests {
    static let rate = 48_000

    static func stationarySamples(seconds: Double, seed: UInt64 = 11) -> [Float] {
        stationaryNoise(seconds: seconds, sampleRate: rate, seed: seed)
    }

    static func writeFile(_ samples: [Float], name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meditate-ambience-\(getpid())-\(name).wav"
        ).path
        try writeFloatWAV(path: path, samples: samples, sampleRate: rate, channels: 2)
        return path
    }

    /// The loop as an equal-power cross-fade makes it, computed here from the file alone: the
    /// first lap plays the file from its start; from then on every lap of `file − crossfade`
    /// frames opens on a seam where the file's last frames fall as its first rise.
    static func expectedLoop(_ file: [Float], crossfade: Int, frames: Int) -> [Float] {
        let fileFrames = file.count / 2
        let lap = fileFrames - crossfade
        var out = [Float](repeating: 0, count: frames * 2)
        for p in 0..<frames {
            for c in 0..<2 {
                if p < lap {
                    out[2 * p + c] = file[2 * p + c]
                    continue
                }
                let r = (p - lap) % lap
                if r < crossfade {
                    let angle = (Double(r) + 0.5) * Double.pi / 2 / Double(crossfade)
                    out[2 * p + c] = file[2 * (lap + r) + c] * Float(cos(angle)) + file[2 * r + c] * Float(sin(angle))
                } else {
                    out[2 * p + c] = file[2 * r + c]
                }
            }
        }
        return out
    }

    /// A one-minute sit with the file as its bed at unity gain, gongs muted, rendered offline.
    static func renderSit(
        ambience path: String, crossfadeMilliseconds: Int, minutes: String = "1"
    ) throws -> (samples: [Float], plan: SessionPlan) {
        var c = configuration(minutes: minutes, countdown: "1")
        c.ambience = path
        c.gongVolume = 0
        let plan = try SessionPlan(c)
        let loop = try AmbienceLoop(
            path: path, engineRate: rate, gain: 1, threaded: false, crossfadeMilliseconds: crossfadeMilliseconds)
        var samples: [Float] = []
        try OfflineSessionRenderer(plan: plan, sounds: GongSounds(try bundledGong()), ambience: loop).render {
            samples.append(contentsOf: $0)
        }
        return (samples, plan)
    }

    static func rms(_ samples: [Float], frames: Range<Int>) -> Double {
        var sum = 0.0
        for n in frames { sum += Double(samples[2 * n] * samples[2 * n] + samples[2 * n + 1] * samples[2 * n + 1]) }
        return (sum / Double(2 * frames.count)).squareRoot()
    }

    /// Where the seams fall in a render whose bed starts at `start`, between its fades.
    static func seams(start: Int, fade: Int, end: Int, lap: Int, crossfade: Int) -> [Range<Int>] {
        var seams: [Range<Int>] = []
        var seam = start + lap
        while seam + crossfade < end - fade {
            if seam - Self.rate / 20 >= start + fade { seams.append(seam..<(seam + crossfade)) }
            seam += lap
        }
        return seams
    }

    @Test("a 5-second file looped over a minute: the bed is an equal-power loop, no dip at any seam")
    func seamsAreSeamless() throws {
        // Given 5 s of steady noise and a 2-s cross-fade (a lap of 3 s: twenty seams in a minute)
        let file = Self.stationarySamples(seconds: 5)
        let path = try Self.writeFile(file, name: "seams")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let crossfade = 2 * Self.rate
        let lap = file.count / 2 - crossfade

        // When a one-minute sit with a second's countdown renders with it as the bed
        let (samples, plan) = try Self.renderSit(ambience: path, crossfadeMilliseconds: 2000)

        // Then between the fades the bed is the loop computed from the file alone, sample for sample
        let start = plan.startFrame
        let fade = plan.segments[0].fadeFrames
        let end = plan.segments[0].endFrame
        let expected = Self.expectedLoop(file, crossfade: crossfade, frames: end - start)
        var worst: Float = 0
        for p in fade..<(end - start - fade) {
            for c in 0..<2 { worst = max(worst, abs(samples[2 * (start + p) + c] - expected[2 * p + c])) }
        }
        #expect(worst <= 1e-6, "largest difference from the computed loop: \(worst)")

        // And the level holds across every seam: each 50-ms window within ±1 dB of the file's RMS
        let seams = Self.seams(start: start, fade: fade, end: end, lap: lap, crossfade: crossfade)
        #expect(seams.count >= 15)
        let fileRMS = Self.rms(file, frames: 0..<(file.count / 2))
        let window = Self.rate / 20
        var widest = 0.0
        for seam in seams {
            var from = seam.lowerBound - window
            while from < seam.upperBound {
                let level = 20 * log10(Self.rms(samples, frames: from..<(from + window)) / fileRMS)
                widest = max(widest, abs(level))
                from += window
            }
        }
        #expect(widest <= 1, "widest 50-ms level across a seam: \(widest) dB from the file's")

        // And the bed begins on the start gong's frame and has gone by the sit's last
        #expect(samples[..<(2 * start)].allSatisfy { $0 == 0 })
        #expect(samples[2 * (start + 1)] != 0 && samples[2 * (start + 1) + 1] != 0)
        #expect(samples[(2 * (end - fade))..<(2 * end)].contains { $0 != 0 })
        #expect(samples[(2 * end)...].allSatisfy { $0 == 0 })
    }

    /// Noise low-passed twice at about 150 Hz: a rumble, whose own steps are small, so that a
    /// cut steps by about its whole level.
    static func rumble(seconds: Double) -> [Float] {
        var smooth = Self.stationarySamples(seconds: seconds, seed: 23)
        var first: [Float] = [0, 0]
        var second: [Float] = [0, 0]
        for n in 0..<(smooth.count / 2) {
            for c in 0..<2 {
                first[c] += 0.02 * (smooth[2 * n + c] * 20 - first[c])
                second[c] += 0.02 * (first[c] - second[c])
                smooth[2 * n + c] = second[c]
            }
        }
        return smooth
    }

    @Test("a smooth file's seams step no further than the file does, where a splice would click")
    func seamsDoNotClick() throws {
        // Given 5 s of noise low-passed twice at about 150 Hz (a rumble: its own steps are small,
        // so a seam cut without a cross-fade would step by about its whole level)
        let smooth = Self.rumble(seconds: 5)
        let path = try Self.writeFile(smooth, name: "smooth")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fileFrames = smooth.count / 2
        let ownJump = max(
            largestJump(smooth, channel: 0, frames: 0..<fileFrames),
            largestJump(smooth, channel: 1, frames: 0..<fileFrames))
        let splice = max(abs(smooth[0] - smooth[2 * fileFrames - 2]), abs(smooth[1] - smooth[2 * fileFrames - 1]))
        #expect(splice > 3 * ownJump, "a splice would step \(splice), the file \(ownJump): no click to hear")

        // When a minute loops it with a 2-s cross-fade
        let (samples, plan) = try Self.renderSit(ambience: path, crossfadeMilliseconds: 2000)

        // Then no seam steps further than the file's own largest step. Two unrelated noises
        // cross-faded at equal power are the same noise again, whose largest step over the seam's
        // 2 s may pass the file's over its 5 s by chance: 5 % is that share, a click is 3 times more.
        let segment = plan.segments[0]
        let seams = Self.seams(
            start: plan.startFrame, fade: segment.fadeFrames, end: segment.endFrame, lap: fileFrames - 2 * Self.rate,
            crossfade: 2 * Self.rate)
        #expect(seams.count >= 15)
        for seam in seams {
            let jump = max(
                largestJump(samples, channel: 0, frames: (seam.lowerBound - 1)..<(seam.upperBound + 1)),
                largestJump(samples, channel: 1, frames: (seam.lowerBound - 1)..<(seam.upperBound + 1)))
            #expect(jump <= ownJump * 1.05, "seam at frame \(seam.lowerBound): step \(jump), the file's own \(ownJump)")
        }
    }

    @Test("a file whose decoding fails part-way ends the bed with a 10-ms fade, not a step")
    func failureFadesTheBedOut() throws {
        // Given a 5-second rumble opened as an ambience, then cut to its first 2 s on the disk
        // (as a file on a drive that goes away would be)
        let smooth = Self.rumble(seconds: 5)
        let path = try Self.writeFile(smooth, name: "cut")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loop = try AmbienceLoop(
            path: path, engineRate: Self.rate, gain: 1, threaded: false, crossfadeMilliseconds: 1000)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        // Cut where the rumble is loudest near 2 s, so that stopping dead there would click.
        let kept = try #require(
            (Self.rate * 18 / 10..<Self.rate * 22 / 10).max { abs(smooth[2 * $0 - 2]) < abs(smooth[2 * $1 - 2]) })
        #expect(truncate(path, off_t(size - (smooth.count / 2 - kept) * 8)) == 0)

        // When the loop is read until its stream ends
        var heard: [Float] = []
        var block = [Float](repeating: 0, count: 2048)
        var ended = false
        while !ended && heard.count < smooth.count {
            loop.fill()
            let (read, done) = block.withUnsafeMutableBufferPointer {
                loop.stream.render(into: $0.baseAddress!, frames: 1024)
            }
            heard += block[0..<(2 * read)]
            ended = done
        }

        // Then it ended on the decode error, all of the 2 s was heard, the last 10 ms fall to
        // silence no more steeply than the file moves, where stopping dead would step by the
        // file's level there
        #expect(loop.failure != nil)
        #expect(ended && heard.count == 2 * kept, "\(heard.count / 2) frames")
        let frames = heard.count / 2
        let ownJump = max(
            largestJump(smooth, channel: 0, frames: 0..<kept), largestJump(smooth, channel: 1, frames: 0..<kept))
        let cut = max(abs(smooth[2 * kept - 2]), abs(smooth[2 * kept - 1]))
        #expect(cut > 3 * ownJump, "stopping dead would step \(cut), the file \(ownJump): no click to hear")
        let fading = max(
            largestJump(heard + [0, 0], channel: 0, frames: (frames - 600)..<(frames + 1)),
            largestJump(heard + [0, 0], channel: 1, frames: (frames - 600)..<(frames + 1)))
        #expect(fading <= ownJump * 1.05, "the end steps \(fading), the file's own \(ownJump)")
    }

    @Test("segments: each sit's bed reads on where the last left the loop, a walk is silent")
    func segmentsShareTheLoop() throws {
        // Given a 7-s file and a sit 0.5, walk 0.25, sit 0.5 with the file as its bed
        let file = Self.stationarySamples(seconds: 7, seed: 5)
        let path = try Self.writeFile(file, name: "segments")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var c = configuration(minutes: "1.25", countdown: "0")
        c.segments = [
            SessionSegment(kind: .sit, minutes: ExactDecimal("0.5")!),
            SessionSegment(kind: .walk, minutes: ExactDecimal("0.25")!),
            SessionSegment(kind: .sit, minutes: ExactDecimal("0.5")!)
        ]
        c.ambience = path
        c.gongVolume = 0
        let plan = try SessionPlan(c)
        let loop = try AmbienceLoop(path: path, engineRate: Self.rate, gain: 1, threaded: false)

        // When it renders
        var samples: [Float] = []
        try OfflineSessionRenderer(plan: plan, sounds: GongSounds(try bundledGong()), ambience: loop).render {
            samples.append(contentsOf: $0)
        }

        // Then the walk is exact silence, and the second sit's steady part continues the loop
        // from where the first sit's bed stopped reading
        let first = plan.segments[0]
        let walk = plan.segments[1]
        let second = plan.segments[2]
        #expect(samples[(2 * walk.startFrame)..<(2 * walk.endFrame)].allSatisfy { $0 == 0 })
        let sitFrames = first.endFrame - first.startFrame
        let expected = Self.expectedLoop(file, crossfade: 3 * Self.rate, frames: 2 * sitFrames)
        var worst: Float = 0
        for p in second.fadeFrames..<(sitFrames - second.fadeFrames) {
            for ch in 0..<2 {
                worst = max(worst, abs(samples[2 * (second.startFrame + p) + ch] - expected[2 * (sitFrames + p) + ch]))
            }
        }
        #expect(worst <= 1e-6, "second sit against the loop read on: \(worst)")
    }

    @Test("a file shorter than twice the cross-fade, or no audio at all, is refused with one line")
    func shortOrUnreadableRefused() throws {
        // Given a 4-s file (the default cross-fade is 3 s) and a text file
        let short = try Self.writeFile(Self.stationarySamples(seconds: 4), name: "short")
        defer { try? FileManager.default.removeItem(atPath: short) }
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("meditate-ambience-\(getpid()).txt")
            .path
        try Data("not audio\n".utf8).write(to: URL(fileURLWithPath: text))
        defer { try? FileManager.default.removeItem(atPath: text) }

        // When each is opened as an ambience, Then the short one says how long it must be
        do {
            _ = try AmbienceLoop(path: short, engineRate: Self.rate, gain: 1, threaded: false)
            Issue.record("a 4-s ambience was accepted")
        } catch let error as SoundError {
            #expect(error == .ambienceTooShort(path: short, seconds: 4, crossfadeSeconds: 3))
            #expect(
                error.localizedDescription
                    == "ambience '\(short)' lasts 4.0 s; a loop needs at least 6.0 s (twice its 3.0-s cross-fade)")
        }
        // And the text file is the decoder's refusal, never a loop
        #expect(throws: (any Error).self) {
            _ = try AmbienceLoop(path: text, engineRate: Self.rate, gain: 1, threaded: false)
        }
        // And a cross-fade out of range is refused before the file is opened
        #expect(throws: SoundError.crossfadeOutOfRange(seconds: 0.05)) {
            _ = try AmbienceLoop(
                path: short, engineRate: Self.rate, gain: 1, threaded: false, crossfadeMilliseconds: 50)
        }
    }

    @Test("an ambience's gain: the bed's loudness at --noise-volume, held back by its peak")
    func gainFollowsLoudnessAndPeak() {
        // Given a file measured 10 LU under what pink noise measures at volume 0.25
        let quiet = AmbienceLoop.bedLoudness + 20 * log10(0.25) - 10

        // Then it is lifted by 10 dB when its peak allows, only to −1 dBFS when it does not,
        // left at its own level times the volume when unmeasured, and silent at volume 0
        let lifted = AmbienceLoop.gain(loudness: quiet, peak: 0.1, volume: 0.25)
        #expect(abs(20 * log10(Double(lifted)) - 10) <= 0.01)
        let held = AmbienceLoop.gain(loudness: quiet, peak: 0.5, volume: 0.25)
        #expect(abs(20 * log10(Double(held) * 0.5) - LoudnessNormalization.peakCeiling) <= 0.01)
        #expect(AmbienceLoop.gain(loudness: nil, peak: 0.5, volume: 0.25) == 0.25)
        #expect(AmbienceLoop.gain(loudness: -20, peak: 0.1, volume: 0) == 0)
    }
}
