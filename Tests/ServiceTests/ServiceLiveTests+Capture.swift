import Foundation
import ProgramTestSupport
import Testing
import WAVTestSupport

/// What the sink's monitor shows of a sit held for a track and resumed after it.
extension ServiceLiveTests {
    /// The capture of a sit with a white-noise bed, held about 2 s after its start gong for a
    /// 440 Hz track and resumed after it: the hold is measured from the noise's fades
    /// (`heldStretch`), and each
    /// of the sit's bells after it must be `laterBells` seconds after the start gong, plus the
    /// hold, within 25 ms.
    func expectHeldAndResumed(_ samples: [Float], laterBells: [Double]) throws {
        let rate = Double(rate)
        let onsets = strikeOnsets(samples)
        let start = try #require(onsets.first, "no start gong on the capture")
        let (pausedAt, resumedAt) = try #require(
            heldStretch(samples, after: start), "no fall and rise of the noise a second after the start gong")
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

    /// The step frequency of second `k` of a `steps` track: 200 Hz apart, which one 10 ms
    /// window tells apart.
    static func stepFrequency(_ second: Int) -> Double { 300 + 200 * Double(second) }

    /// A track whose every second is a sine of its own frequency (`stepFrequency`), at 0.3.
    func steps(seconds: Int, in scratch: Scratch) throws -> String {
        try tone(seconds: seconds, in: scratch, name: "steps.wav", frequency: Self.stepFrequency)
    }

    /// The capture of a `steps` track held for a sit and resumed after it: each 10 ms window
    /// that one step's sine fills (its amplitude over 0.2 and most of the window's energy) is
    /// labelled with its second. Every second must be heard for about a second (90 to 110
    /// windows; the one held in, 65 to 115), the labels never go back, and the second heard
    /// last before the hold is the one heard first after it (or the next).
    func expectTrackResumedInPlace(_ samples: [Float], seconds: Int) throws {
        let window = rate / 100
        var labels: [(window: Int, second: Int)] = []
        for index in 0..<(samples.count / 2 / window) {
            let frame = index * window
            var energy = 0.0
            for n in frame..<(frame + window) { energy += Double(samples[2 * n] * samples[2 * n]) }
            let rms = (energy / Double(window)).squareRoot()
            let amplitudes = (0..<seconds).map {
                toneAmplitude(samples, at: frame, frequency: Self.stepFrequency($0))
            }
            guard let best = amplitudes.indices.max(by: { amplitudes[$0] < amplitudes[$1] }) else { continue }
            if amplitudes[best] > 0.2 && amplitudes[best] > 0.8 * rms * 2.0.squareRoot() {
                labels.append((index, best))
            }
        }
        let order = labels.map(\.second)
        #expect(zip(order, order.dropFirst()).allSatisfy { $0 <= $1 }, "the track went back: \(order)")
        // The hold: the longest stretch between two windows of the track.
        let gaps = zip(labels, labels.dropFirst()).map { ($1.window - $0.window, $0.second, $1.second) }
        let hold = try #require(gaps.max { $0.0 < $1.0 })
        #expect(hold.0 >= 300, "no hold of 3 s or more: the longest gap was \(hold.0 * 10) ms")
        #expect(hold.2 == hold.1 || hold.2 == hold.1 + 1, "held in second \(hold.1), resumed in second \(hold.2)")
        // The second it was held in loses what its fades cover (the sit's start gong strikes
        // over the fall): up to about 300 ms.
        let counts = (0..<seconds).map { second in labels.filter { $0.second == second }.count }
        for (second, count) in counts.enumerated() {
            let heard = second == hold.1 ? 65...115 : 90...110
            #expect(heard.contains(count), "windows heard per second of the track: \(counts)")
        }
    }
}
