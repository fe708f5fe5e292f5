import Foundation
import Testing

/// What the sink's monitor shows of a sit held for a track and resumed after it.
extension ServiceLiveTests {
    /// The capture of a sit with a white-noise bed, held about 2 s after its start gong for a
    /// 440 Hz track and resumed after it: the hold is measured from the noise's fades (equal
    /// power over 300 ms: half its level 200 ms into the fall, 100 ms into the rise), and each
    /// of the sit's bells after it must be `laterBells` seconds after the start gong, plus the
    /// hold, within 25 ms.
    func expectHeldAndResumed(_ samples: [Float], laterBells: [Double]) throws {
        let rate = Double(rate)
        let onsets = strikeOnsets(samples)
        let start = try #require(onsets.first, "no start gong on the capture")
        let envelope = noiseEnvelope(samples)
        let window = 0.01
        // The hold: the first stretch, a second or more after the start gong, where the noise
        // has all but gone.
        let from = Int((Double(start) / rate + 1) / window)
        let reference = envelope[from..<min(envelope.count, from + 50)].max() ?? 0
        let low = try #require(
            envelope.indices.first { $0 > from && envelope[$0] < 0.1 * reference }, "the noise never fell")
        let level = envelope[(low - 45)..<(low - 35)].reduce(0, +) / 10
        let fell = try #require((from..<low).last { envelope[$0] >= 0.5 * level }, "no fall")
        let rose = try #require(envelope.indices.first { $0 > low && envelope[$0] >= 0.5 * level }, "no rise")
        // Where the level crossed half, between the centres of the windows either side
        let half = 0.5 * level
        func crossing(_ before: Int) -> Double {
            let a = envelope[before], b = envelope[before + 1]
            return (Double(before) + 0.5 + Double((a - half) / (a - b))) * window
        }
        let pausedAt = crossing(fell) - 0.200
        let resumedAt = crossing(rose - 1) - 0.100
        let hold = resumedAt - pausedAt
        // The track was heard in the hold, and not before it
        let middle = Int((pausedAt + resumedAt) / 2 * rate)
        #expect(toneAmplitude(samples, at: middle, frequency: 440) > 0.2, "no track in the hold")
        #expect(toneAmplitude(samples, at: Int((pausedAt - 0.5) * rate), frequency: 440) < 0.05)
        // And each later bell is where the plan has it, moved by the hold
        let later = onsets.filter { Double($0) / rate > resumedAt }
        #expect(later.count == laterBells.count, "bells after the hold at \(later.map { Double($0) / rate })")
        for (onset, planned) in zip(later, laterBells) {
            let apart = Double(onset - start) / rate
            #expect(
                abs(apart - (planned + hold)) <= 0.025,
                "bell \(apart) s after the start gong; planned \(planned) s plus the hold of \(hold) s")
        }
    }
}
