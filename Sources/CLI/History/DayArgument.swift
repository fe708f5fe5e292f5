import ArgumentParser
import Foundation
import Library

/// A day typed on the command line: `2026-03-29`.
struct DayArgument: ExpressibleByArgument {
    let day: CivilDay

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), (1...31).contains(d)
        else { return nil }
        day = CivilDay(year: y, month: m, day: d)
        guard day.components == (y, m, d) else { return nil }
    }
}
