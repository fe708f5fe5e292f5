/// The name a person most likely meant when a word is not one (`evenin` for `evening`, `nois`
/// for `noise`): a few typed letters off, and nearer than any other; nil when none is near
/// enough to be worth saying.
package enum NearestName {
    package static func to(_ word: String, among names: some Sequence<String>) -> String? {
        let typed = Array(word.lowercased())
        // A slip of one letter in a short word, of about one in three in a long one.
        let allowed = max(1, typed.count / 3)
        var best: (name: String, distance: Int)?
        var tied = false
        for name in names where name != word {
            let distance = editDistance(typed, Array(name.lowercased()), limit: allowed)
            guard distance <= allowed else { continue }
            if let current = best, current.distance <= distance {
                if current.distance == distance { tied = true }
                continue
            }
            best = (name, distance)
            tied = false
        }
        return tied ? nil : best?.name
    }

    /// Levenshtein's distance (an adjacent swap counts one), or `limit + 1` once past it: the
    /// words compared are a person's and a list's, never long, but a 60,000-character argument
    /// is not measured letter by letter against every name.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var twoBefore = [Int](0...b.count)
        var before = twoBefore
        for i in 1...a.count {
            var row = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(before[j] + 1, row[j - 1] + 1, before[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], twoBefore[j - 2] + 1)
                }
            }
            guard let smallest = row.min(), smallest <= limit else { return limit + 1 }
            twoBefore = before
            before = row
        }
        return before[b.count]
    }
}
