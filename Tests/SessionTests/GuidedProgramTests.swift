import Decoders
import Foundation
import Mixer
import Testing
import WAVTestSupport

@testable import Session

@Suite("Guided programs: a track, then a silent sit")
struct GuidedProgramTests {
    let strike = testStrike

    func sit(minutes: String, gap: String, interval: String?) throws -> SessionPlan {
        var c = SessionConfiguration()
        c.minutes = try #require(ExactDecimal(minutes))
        c.countdownSeconds = try #require(ExactDecimal(gap))
        c.interval = try interval.map { try #require(ExactDecimal($0)) }
        return try SessionPlan(c)
    }

    func scratchFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("guided-\(UUID().uuidString)-\(name)").path
    }

    @Test("the sit's frames follow the track's: its countdown is the gap after the track's last frame")
    func programFrames() throws {
        // Given a 100 000-frame track, then a 1-minute sit with a bell at 0.5 min and a 2.5 s gap
        let sit = try sit(minutes: "1", gap: "2.5", interval: "0.5")
        let outline = try SessionOutline(trackFrames: 100_000, then: sit, format: .standard)
        // Then every gong is the sit's own frame moved by the track, and so is the end
        #expect(outline.startFrame == 100_000 + 120_000)
        #expect(outline.gongs.map(\.frame) == [220_000, 220_000 + 1_440_000, 220_000 + 2_880_000])
        #expect(outline.completionFrame == 220_000 + 2_880_000)
        #expect(outline.endFrame(gongFrames: 2400) == 220_000 + 2_880_000 + 2400)
        #expect(outline.sitFrames == 2_880_000)
        // And a track alone ends with its last frame; an empty track is refused
        let alone = try SessionOutline(trackFrames: 100_000, then: nil, format: .standard)
        #expect(alone.endFrame(gongFrames: 2400) == 100_000 && alone.gongs.isEmpty && alone.startFrame == nil)
        #expect(throws: SessionPlanError.emptyTrack) {
            try SessionOutline(trackFrames: 0, then: nil, format: .standard)
        }
    }

    @Test(
        "guided then silent: the opening gong sounds exactly the gap after the track's last frame, the completion gong exactly on its frame",
        arguments: [48_000, 44_100])
    func gongsFollowTheTrackExactly(trackRate: Int) throws {
        // Given a 2-second tone whose last sample is not zero, then a 0.1-minute sit with a bell
        // every 0.05 minutes, 1.5 s after it
        let path = scratchFile("tone.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try writeSineWAV(path: path, frames: 2 * trackRate, sampleRate: trackRate, frequency: 440, amplitude: 0.25)
        let reader = try EngineFormatReader(path: path, engineRate: 48_000)
        let sit = try sit(minutes: "0.1", gap: "1.5", interval: "0.05")
        let outline = try SessionOutline(trackFrames: reader.frameCount, then: sit, format: .standard)
        #expect(outline.trackFrames == 96_000)

        // When it is rendered offline
        var samples: [Float] = []
        try OfflineSessionRenderer(outline: outline, track: reader, gain: 1, gong: strike)
            .render { samples.append(contentsOf: $0) }
        let frames = samples.count / 2
        func sounds(_ frame: Int) -> Bool { samples[2 * frame] != 0 || samples[2 * frame + 1] != 0 }

        // Then the track sounds to its last frame and the file ends when the last strike has rung
        #expect(frames == outline.endFrame(gongFrames: strike.frameCount))
        #expect(sounds(outline.trackFrames - 1))
        // And after the track there is exact silence up to each gong, whose first sample is
        // exactly at its planned frame: the opening gong 1.5 s after the track, the bell, the
        // completion gong
        let expected = [96_000 + 72_000, 96_000 + 72_000 + 144_000, 96_000 + 72_000 + 288_000]
        #expect(outline.gongs.map(\.frame) == expected)
        var onsets: [Int] = []
        var frame = outline.trackFrames
        while frame < frames {
            if sounds(frame) {
                onsets.append(frame)
                frame += strike.frameCount
            } else {
                frame += 1
            }
        }
        #expect(onsets == expected)
    }

    @Test("the gain brings the loudness to the target, unless the peak would pass -1 dBFS")
    func normalizationGain() {
        // A quiet track is lifted by the difference
        let quiet = LoudnessNormalization(loudness: -30, peak: 0.1)
        #expect(abs(quiet.gainDecibels - 12) < 1e-9 && !quiet.limitedByPeak)
        // A loud one is lowered
        #expect(abs(LoudnessNormalization(loudness: -10, peak: 0.9).gainDecibels + 8) < 1e-9)
        // A track with sharp peaks is lifted only until its peak reaches the ceiling
        let peaky = LoudnessNormalization(loudness: -30, peak: 0.5)
        #expect(peaky.limitedByPeak)
        #expect(abs(peaky.gainDecibels - (-1 - 20 * log10(0.5))) < 1e-9)
        #expect(abs(Double(peaky.linearGain) * 0.5 - pow(10, -1.0 / 20)) < 1e-6)
        // Unmeasured loudness plays at unity, lowered only if it already peaks above the ceiling
        #expect(LoudnessNormalization(loudness: nil, peak: 0.5).gainDecibels == 0)
        #expect(LoudnessNormalization(loudness: nil, peak: 1.0).gainDecibels < 0)
        #expect(LoudnessNormalization.unity.linearGain == 1)
    }

    @Test("a seek moves the session's frames from the frame it lands on, and later commands with them")
    func timelineJumps() {
        var timeline = SessionTimeline()
        timeline.jump(atStreamFrame: 1000, by: 5000)
        #expect(timeline.sessionFrame(atStreamFrame: 999) == 999)
        #expect(timeline.sessionFrame(atStreamFrame: 1000) == 6000)
        timeline.pause(atStreamFrame: 2000)
        timeline.resume(atStreamFrame: 2500)
        timeline.jump(atStreamFrame: 3000, by: -4000)
        #expect(timeline.sessionFrame(atStreamFrame: 2200) == 7000)
        #expect(timeline.sessionFrame(atStreamFrame: 3000) == 3500)
        #expect(timeline.streamOffset == 500 - 1000)
        #expect(timeline.streamFrame(atSessionFrame: 3500) == 3000)
    }
}
