import Outputs
import Rings
import Testing

@testable import Engine

@Suite("What the output thread keeps to write again")
struct OutputHistoryTests {
    /// A ring holding mixer frames 0..<count, each frame's samples equal to its number.
    func ring(frames count: Int) -> RetainingRing<Float> {
        let ring = RetainingRing<Float>(capacity: 2 * count)
        let samples = (0..<count).flatMap { [Float($0), Float($0)] }
        _ = samples.withUnsafeBufferPointer { ring.write($0) }
        return ring
    }

    @Test("frames taken from the ring are given again, in order, after a rewind")
    func historyReplaysAfterRewind() {
        // Given a history of 8 frames and a ring of 20
        let source = ring(frames: 20)
        var history = SourceHistory(keeping: 8, of: source)

        // When 6 frames are taken, then it rewinds to frame 2 and takes on
        var taken: [Float] = []
        for _ in 0..<3 { taken += Array(history.take(upTo: 2)) }
        history.rewind(to: 2)
        while true {
            let piece = history.take(upTo: 3)
            if piece.isEmpty { break }
            taken += Array(piece)
        }

        // Then frames 0–5 come, then 2–19: nothing of the ring is lost or doubled
        let frames = stride(from: 0, to: taken.count, by: 2).map { Int(taken[$0]) }
        #expect(frames == Array(0..<6) + Array(2..<20))
    }

    @Test("a rewind further back than the history holds stops at its oldest frame")
    func rewindIsClampedToWhatIsKept() {
        // Given a history of 4 frames that has taken 10
        let source = ring(frames: 10)
        var history = SourceHistory(keeping: 4, of: source)
        while !history.take(upTo: 3).isEmpty {}

        // When it rewinds to frame 1
        history.rewind(to: 1)

        // Then the next frame is the oldest kept, 6
        #expect(history.next == 6)
        #expect(history.take(upTo: 1).first == 6)
    }

    @Test("frames older than the history are given back to the mixer, newer ones are kept")
    func historyReleasesWhatFallsOut() {
        // Given a ring of 10 frames, full, and a history of 4
        let source = ring(frames: 10)
        var history = SourceHistory(keeping: 4, of: source)

        // When 7 frames have been taken
        _ = history.take(upTo: 7)

        // Then the 3 before the oldest kept (frame 3) can be rendered into again, and frames 3–6
        // are still there to write again
        #expect(source.availableToWrite == 2 * 3)
        history.rewind(to: 0)
        #expect(history.take(upTo: 4).map { Int($0) } == [3, 3, 4, 4, 5, 5, 6, 6])
    }

    @Test("device frames map to the mixer frames written there, silence to where playback stands")
    func segmentsMapDeviceToMixerFrames() {
        // Given 100 mixer frames played, a pause from device frame 100 standing at mixer frame 70
        // (its fade-out taken back), then mixer frames from 70 on again from device frame 200
        var segments = DeviceSegments()
        segments.wrote(atDevice: 0, source: 0, silent: false)
        segments.wrote(atDevice: 50, source: 50, silent: false)
        segments.wrote(atDevice: 100, source: 70, silent: true)
        segments.wrote(atDevice: 150, source: 70, silent: true)
        segments.wrote(atDevice: 200, source: 70, silent: false)

        // Then each device frame maps to its mixer frame
        #expect(segments.source(atDevice: 60) == 60)
        #expect(segments.source(atDevice: 120) == 70)
        #expect(segments.source(atDevice: 199) == 70)
        #expect(segments.source(atDevice: 230) == 100)
        #expect(segments.deviceOffset == 130)

        // And when device frames from 180 on are taken back and written again as mixer frames
        segments.truncate(atDevice: 180)
        segments.wrote(atDevice: 180, source: 70, silent: false)
        #expect(segments.source(atDevice: 190) == 80)
        #expect(segments.deviceOffset == 110)

        // And what the device has played past is forgotten, but not the frame it is playing
        segments.forget(before: 185)
        #expect(segments.source(atDevice: 185) == 75)
        #expect(segments.source(atDevice: 10) == nil)
    }
}
