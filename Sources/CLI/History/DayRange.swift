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
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        day = CivilDay(year: y, month: m, day: d)
        guard day.components == (y, m, d) else { return nil }
    }
}

/// `--from` and `--to`: local days, both included.
struct DayRangeOptions: ParsableArguments {
    @Option(help: .localized("Only sits on or after this day.", de: "Nur Sitzungen an oder nach diesem Tag.",
                                     valueName: "yyyy-mm-dd"))
    var from: DayArgument?

    @Option(help: .localized("Only sits on or before this day.", de: "Nur Sitzungen an oder vor diesem Tag.",
                                     valueName: "yyyy-mm-dd"))
    var to: DayArgument?

    func validate() throws {
        if let from, let to, to.day < from.day {
            throw HistoryError.emptyRange(from: from.day.description, to: to.day.description)
        }
    }

    /// [start, end) in seconds since 1970.
    func bounds(in timeZone: TimeZone) -> (from: Double?, to: Double?) {
        (from.map { PracticeDate.startOfDay($0.day, in: timeZone) },
         to.map { PracticeDate.startOfDay($0.day.adding(days: 1), in: timeZone) })
    }
}
