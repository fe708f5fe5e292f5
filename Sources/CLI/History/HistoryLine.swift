import Foundation
import Library
import Localization
import Practice
import Settings

/// A sit said in one line, as `history add`, `edit` and `remove` confirm it: "sit 12: Fri 27
/// Nov 2026 07:00, 20 min".
enum HistoryLine {
    static func said(_ key: MessageKey, _ sit: PracticeSession) -> String {
        let when = PracticeDate.local(sit.startedAt, in: .current, language: Language.current)
        let what = DurationText.words(seconds: sit.satSeconds)
        return say(key, ["id": String(sit.id ?? 0), "sit": "\(when), \(what)"])
    }
}
