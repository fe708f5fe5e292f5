import Foundation
import Mixer
import Testing

@testable import Session

@Suite("a bell alone: silence, then its strikes")
struct SoloBellTests {
    @Test("a bell outline renders silence until its frame, then each strike 1.5 s apart at its volume")
    func rendersOnItsFrame() throws {
        // Given a bell of two strikes at half volume, 0.1 s in
        let bell = try SoloBell(frame: 4800, strikes: 2, volume: 0.5)
        let outline = SessionOutline(bell, format: EngineFormat(sampleRate: 48_000))
        // When it is rendered
        var samples: [Float] = []
        try OfflineSessionRenderer(outline: outline, gong: testStrike).render { samples.append(contentsOf: $0) }
        // Then nothing sounds before frame 4800, and the strikes begin there and 72000 frames later
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        #expect(left.firstIndex { $0 != 0 } == 4800)
        #expect(left[..<4800].allSatisfy { $0 == 0 })
        #expect(abs(left[4800] - 0.4) < 0.001, "first sample \(left[4800])")
        #expect(abs(left[4800 + 72_000] - 0.4) < 0.001)
        // And it ends when the second strike has rung out
        #expect(left.count == 4800 + 72_000 + testStrike.frameCount)
        #expect(outline.gongs == [SessionPlan.Gong(kind: .bell, frame: 4800)])
        #expect(outline.completionFrame == 4800 && outline.sitFrames == 0)
    }

    @Test("strikes and volume out of range are refused with the sit's own lines")
    func refusesBadOptions() {
        #expect(throws: SessionPlanError.strikesOutOfRange(0)) { try SoloBell(frame: 0, strikes: 0, volume: 1) }
        #expect(throws: SessionPlanError.volumeOutOfRange(name: "gong-volume", value: 2)) {
            try SoloBell(frame: 0, strikes: 1, volume: 2)
        }
    }
}
