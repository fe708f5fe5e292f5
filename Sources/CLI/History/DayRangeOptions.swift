import ArgumentParser
import Foundation
import Library
import Practice
import Settings

/// `--from` and `--to`: local days, both included.
struct DayRangeOptions: ParsableArguments {
    @Option(
        help: .localized(
            "Only sits on or after this day.", de: "Nur Sitzungen an oder nach diesem Tag.",
            valueName: "yyyy-mm-dd"))
    var from: DayArgument?

    @Option(
        help: .localized(
            "Only sits on or before this day.", de: "Nur Sitzungen an oder vor diesem Tag.",
            valueName: "yyyy-mm-dd"))
    var to: DayArgument?

    func validate() throws {
        if let from, let to, to.day < from.day {
            throw HistoryError.emptyRange(from: from.day.description, to: to.day.description)
        }
    }

    /// [start, end) in seconds since 1970: from the start of the first day to that of the day
    /// after the last, as `days` begin them (at 04:00, a sit at 00:30 is the day before's).
    func bounds(in days: PracticeDays) -> (from: Double?, to: Double?) {
        (from.map { days.start(of: $0.day) }, to.map { days.start(of: $0.day.adding(days: 1)) })
    }
}
