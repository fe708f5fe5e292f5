import Control

/// A list answer cut to what one answer holds (`ServiceReplies.largestAnswerBytes`): the items
/// that fit under `member`, and `next` when more follow, which the client gives back as `after`
/// (what it is, the list decides: `next(kept)` for the number of items kept). A first item too
/// large for any answer is left to the replies' own refusal.
enum AnswerPage {
    static func of(_ items: [JSONValue], member: String, next: (Int) -> JSONValue?) -> JSONValue {
        let kept = fitting(items)
        guard kept < items.count, kept > 0, let after = next(kept) else { return [member: .array(items)] }
        return [member: .array(Array(items.prefix(kept))), "next": after]
    }

    /// How many of `items`, from the first, fit in one answer with room for its envelope.
    static func fitting(_ items: some Sequence<JSONValue>) -> Int {
        var budget = ServiceReplies.largestAnswerBytes - 1024
        var kept = 0
        for item in items {
            budget -= item.line.utf8.count + 1
            if budget < 0 { break }
            kept += 1
        }
        return kept
    }
}
