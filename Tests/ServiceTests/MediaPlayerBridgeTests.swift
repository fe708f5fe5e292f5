import Clock
import Control
import Foundation
import Testing

@testable import Desktop
@testable import Service

/// What the desktop's player shows of the service's status.
@Suite("Desktop: the service's status as the media player shows it")
struct MediaPlayerBridgeTests {
    @Test("a sit of segments holds its position while walking, and its length is the sitting planned")
    func walkingHoldsThePosition() throws {
        // Given the service's status of `sit 0.1, walk 0.1, sit 0.1` 8 s in (6 s sat), walking,
        // and a moment later sitting again
        func status(_ phase: String, sat: Int) throws -> JSONValue {
            try #require(
                JSONValue.parse(
                    #"{"state":"\#(phase)","session":{"id":3,"kind":"timer","phase":"\#(phase)","#
                        + #""description":"18 s, sit 6 s, walk 6 s, sit 6 s","plannedSeconds":12,"satSeconds":\#(sat)}}"#
                ))
        }
        let walking = MediaPlayerBridge.state(of: try status("walking", sat: 6))
        let sitting = MediaPlayerBridge.state(of: try status("sitting", sat: 6))

        // When a client asks for the position 4 s after each was handed over
        let later = MonotonicClock.seconds() + 4

        // Then the walk holds it where the sitting stopped, and the sitting moves it on
        #expect(walking.positionMicroseconds(now: later) == 6_000_000)
        #expect(sitting.positionMicroseconds(now: later) >= 9_900_000)
        // And the length is the sitting planned, which the time sat reaches at the end
        #expect(walking.lengthSeconds == 12)
        #expect(walking.playback == .playing)
    }
}
