import Library
import Settings

/// The last weeks of practice as a calendar of days, like a contribution graph: one column per
/// week (Monday at the top), one cell per day, darker for longer sits.
struct HeatMap {
    var weeks = 26
    var color = false

    /// Twelve month names and seven row labels (Monday first), in the run's language.
    var monthNames = say(.monthNames).split(separator: " ").map(String.init)
    var dayLabels = say(.dayLabels).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    /// Cells for no sit, then for under 10, 20, 40 minutes and longer.
    static let glyphs: [Character] = ["·", "░", "▒", "▓", "█"]
    /// 256-colour greens, light to dark, for the four levels with a sit.
    static let greens = [22, 28, 34, 40]
    private static let labelWidth = 4

    /// The drawing, `end`'s week in the last column; days after `end` are left blank.
    func render(secondsByDay: [CivilDay: Int], end: CivilDay) -> [String] {
        let firstMonday = end.adding(days: -end.weekday - 7 * (weeks - 1))
        var lines = [monthLine(firstMonday: firstMonday)]
        for weekday in 0..<7 {
            var line = (weekday < dayLabels.count ? dayLabels[weekday] : "").padding(
                toLength: Self.labelWidth, withPad: " ", startingAt: 0)
            for week in 0..<weeks {
                let day = firstMonday.adding(days: 7 * week + weekday)
                line += day > end ? " " : cell(level: Self.level(seconds: secondsByDay[day] ?? 0))
                if week < weeks - 1 { line += " " }
            }
            lines.append(line.trimmingTrailingSpaces)
        }
        let legend = (0..<Self.glyphs.count).map { cell(level: $0) }.joined(separator: " ")
        lines.append(
            String(repeating: " ", count: Self.labelWidth) + say(.heatLess) + " " + legend + " " + say(.heatMore))
        return lines
    }

    /// 0 for no sit, then 1...4 by minutes sat that day.
    static func level(seconds: Int) -> Int {
        switch seconds {
        case ...0: return 0
        case ..<600: return 1
        case ..<1200: return 2
        case ..<2400: return 3
        default: return 4
        }
    }

    private func cell(level: Int) -> String {
        let glyph = String(Self.glyphs[level])
        guard color else { return glyph }
        if level == 0 { return "\u{1B}[2m\(glyph)\u{1B}[0m" }
        return "\u{1B}[38;5;\(Self.greens[level - 1])m\(glyph)\u{1B}[0m"
    }

    /// Month names above the week in which each month begins, where they fit.
    private func monthLine(firstMonday: CivilDay) -> String {
        var line = String(repeating: " ", count: Self.labelWidth)
        for week in 0..<weeks {
            let monday = firstMonday.adding(days: 7 * week)
            guard let first = (0..<7).map({ monday.adding(days: $0) }).first(where: { $0.components.day == 1 }) else {
                continue
            }
            let column = Self.labelWidth + 2 * week
            guard line.count <= column else { continue }
            let month = first.components.month - 1
            line +=
                String(repeating: " ", count: column - line.count) + (month < monthNames.count ? monthNames[month] : "")
        }
        return line
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
