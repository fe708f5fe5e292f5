import Localization
import Settings
import Testing

/// The page's choice of how loud the bells between the gongs are: its words in the order of
/// their loudness, in both languages.
@Suite("The bells' volume is said from loud to soft")
struct BellVolumeWordsTests {
    @Test("as loud, softer, softest: each word softer than the one before, as its volume is (1, 0.5, 0.25)")
    func wordsFollowTheVolumes() {
        let choices: [(volume: Double, key: MessageKey)] = [(1, .pageAsLoud), (0.5, .pageSofter), (0.25, .pageSoftest)]
        #expect(choices.map(\.volume) == choices.map(\.volume).sorted(by: >))
        Language.$requested.withValue(.en) {
            #expect(choices.map { say($0.key) } == ["as loud", "softer", "softest"])
        }
        Language.$requested.withValue(.de) {
            #expect(choices.map { say($0.key) } == ["gleich laut", "leiser", "am leisesten"])
        }
    }
}
