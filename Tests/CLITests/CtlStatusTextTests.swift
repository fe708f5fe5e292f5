import Control
import Localization
import Testing

@testable import CLI

/// `meditate ctl status` in words: what comes next is named for what it is.
@Suite("ctl status in words")
struct CtlStatusTextTests {
    /// A service's status 32 s into "sit 1, walk 1, sit 1" with bells every 30 s, as the service
    /// answered it: the next gong is the one that begins the walk.
    private static let beforeTheWalk = #"""
        {"state":"sitting","session":{"phase":"sitting","elapsedSeconds":32,"satSeconds":32,
        "remainingSeconds":148,"plannedSeconds":120,
        "nextBell":{"atSeconds":60,"bell":"transition","segment":1,"to":"walk"},
        "segment":{"count":3,"index":0,"kind":"sit","next":{"kind":"walk","seconds":60},"remainingSeconds":28}}}
        """#

    @Test(
        "the gong that begins a walk or the next sit is told as what begins, not as the next bell, in English and German"
    )
    func transitionIsWhatBegins() throws {
        // Given the status before a walk, and the same before the sit after it
        let walk = try #require(JSONValue.parse(Self.beforeTheWalk))
        let sit = try #require(
            JSONValue.parse(Self.beforeTheWalk.replacingOccurrences(of: #""to":"walk""#, with: #""to":"sit""#)))

        // When each is put in words
        let english = CtlText.status(walk)
        let german = Language.$requested.withValue(.de) { CtlText.status(walk) }
        let again = CtlText.status(sit)

        // Then what begins is said, with the time until it, and no "next bell"
        #expect(english == "sitting · 0:28 left · then walk 1:00 · walking in 0:28", "\(english)")
        #expect(german == "Sitzen · noch 0:28 · danach Gehen 1:00 · Gehen beginnt in 0:28", "\(german)")
        #expect(again.hasSuffix(" · sitting again in 0:28") && !again.contains("next bell"), "\(again)")
    }
}
