import Mixer
import Testing

@testable import Session

@Suite("Gong timing, sample by sample")
struct GongTimingTests {
    /// Streams a render through a checker: every frame outside the gongs' windows must be
    /// exactly zero, and the first frame of each window must not be.
    func checkOnsetsAndSilence(_ plan: SessionPlan, gong: SampleBuffer) throws -> (onsets: [Int], errors: [String]) {
        let windows = plan.gongs.flatMap { plan.strikeFrames(of: $0) }.map { ($0, $0 + gong.frameCount) }
        var starts = Set(plan.gongs.map(\.frame))
        var onsets: [Int] = []
        var errors: [String] = []
        var frame = 0
        var window = 0
        try OfflineSessionRenderer(plan: plan, gong: gong).render { block in
            for i in 0..<(block.count / 2) {
                while window < windows.count && windows[window].1 <= frame { window += 1 }
                let inside = window < windows.count && windows[window].0 <= frame
                let l = block[2 * i], r = block[2 * i + 1]
                if !inside && (l != 0 || r != 0) && errors.count < 5 {
                    errors.append("non-zero sample at frame \(frame), outside every gong")
                }
                if starts.contains(frame) {
                    if l == 0 && r == 0 { errors.append("gong planned at \(frame) is silent there") }
                    onsets.append(frame)
                    starts.remove(frame)
                }
                frame += 1
            }
        }
        if frame != plan.endFrame(gongFrames: gong.frameCount) { errors.append("render ended at \(frame)") }
        return (onsets, errors)
    }

    @Test(
        "a 3-hour session with 7-minute bells puts every gong on its planned frame, without drift",
        arguments: [44_100, 48_000])
    func threeHourSession(rate: Int) throws {
        // Given 180 minutes with a bell every 7 minutes and no noise
        var c = configuration(minutes: "180", interval: "7", rate: rate)
        c.noise = nil
        let plan = try SessionPlan(c)
        // Then the plan's frames are the formula's, computed independently
        let start = 15 * rate
        let expected = [start] + (1...25).map { start + $0 * 7 * 60 * rate } + [start + 180 * 60 * rate]
        #expect(plan.gongs.map(\.frame) == expected)
        // And in the render each gong's first non-zero sample is exactly there, with exact
        // silence in the countdown and in every gap between gong tails
        let (onsets, errors) = try checkOnsetsAndSilence(plan, gong: try bundledGong(rate: rate))
        #expect(onsets == expected)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("decimal minutes and double strikes land on their frames", arguments: [44_100, 48_000])
    func decimalMinutes(rate: Int) throws {
        var c = configuration(minutes: "12.75", countdown: "3.3", bells: ["0.5", "4.125", "10.0001"], rate: rate)
        c.strikes = 2
        let plan = try SessionPlan(c)
        let start = Int((3.3 * Double(rate)).rounded())
        let minute = 60 * rate
        let expected = [
            start, start + minute / 2, start + Int((4.125 * Double(minute)).rounded()),
            start + Int((10.0001 * Double(minute)).rounded()), start + Int((12.75 * Double(minute)).rounded())
        ]
        #expect(plan.gongs.map(\.frame) == expected)
        let (onsets, errors) = try checkOnsetsAndSilence(plan, gong: try bundledGong(rate: rate, .bell))
        #expect(onsets == expected)
        #expect(errors.isEmpty, "\(errors)")
    }
}
