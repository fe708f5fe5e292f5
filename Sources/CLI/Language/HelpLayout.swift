import Foundation
import Localization
import Settings

/// `--help` as a person reads it. ArgumentParser writes the help unwrapped here (`Entry` asks
/// it for a width no line reaches); this puts it into the run's language, states what it
/// states once, adds `--lang` (which `Entry` takes before parsing, so no command declares it),
/// and only then wraps it to the terminal's width, or 80 columns in a pipe. Wrapping after the
/// words are final is what keeps the lines even: ArgumentParser's own wrapping, done before
/// the German was put in, left ragged lines, and it broke examples between `-o` and its file.
enum HelpLayout {
    /// The column ArgumentParser starts an option's description at.
    static let descriptionColumn = 26

    static func render(_ unwrapped: String, width: Int) -> String {
        var lines = unwrapped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            lines[index] = withoutRepeatedValues(lines[index], label: index > 0 ? lines[index - 1] : "")
        }
        let said = ParserMessages.help(reflowed(withLanguageOption(lines)).joined(separator: "\n"))
        return said.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrap(String($0), width: max(40, width)) }
            .joined(separator: "\n")
    }

    /// The width to wrap to: COLUMNS when the person set it, else the terminal's, else 80.
    static func width(columnsVariable: String?) -> Int {
        if let columnsVariable, let columns = Int(columnsVariable), columns > 0 { return columns }
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return 80
        }
        return Int(size.ws_col)
    }

    /// `--noise <white|pink|brown|none>  … (values: white, pink, brown, none)` says the values
    /// twice: the value name already lists them.
    /// An option's label may stand on the line before its description.
    private static func withoutRepeatedValues(_ line: String, label previous: String) -> String {
        let label = line.hasPrefix(String(repeating: " ", count: descriptionColumn)) ? previous : line
        guard label.prefix(descriptionColumn).contains("|") || label.hasPrefix("  -") && label.contains("|"),
            let match = line.firstMatch(of: #/ \(values: [^)]*\)/#)
        else { return line }
        return line.replacingCharacters(in: match.range, with: "")
    }

    /// A discussion's paragraph comes with the line breaks of the Swift source it was written
    /// in; it is joined into one line to be wrapped to the width it is read at. Headings,
    /// examples, indented lines and a line of its own that ends a paragraph with a colon
    /// ("Examples:") stay as they are.
    private static func reflowed(_ lines: [String]) -> [String] {
        let isProse = { (line: String) in
            !line.isEmpty && !line.hasPrefix(" ") && line.firstMatch(of: #/^[A-ZÄÖÜ0-9 ()\-,]+:/#) == nil
                && !line.hasPrefix("- ")
        }
        var result: [String] = []
        for line in lines {
            if let last = result.last, isProse(last), isProse(line), !last.hasSuffix(":"),
                line.firstMatch(of: #/^\S+:$/#) == nil
            {
                result[result.count - 1] = last + " " + line
            } else {
                result.append(line)
            }
        }
        return result
    }

    /// `--lang` in the options of every command, before `--version` and `--help`.
    private static func withLanguageOption(_ lines: [String]) -> [String] {
        guard let index = lines.firstIndex(where: { $0.hasPrefix("  --version") || $0.hasPrefix("  -h, --help") })
        else { return lines }
        let label = "  --lang <en|de>".padding(toLength: descriptionColumn, withPad: " ", startingAt: 0)
        let text = localized(
            "Messages in English or German (default: from LC_ALL, LC_MESSAGES or LANG).",
            de: "Meldungen auf Englisch oder Deutsch (Standard: nach LC_ALL, LC_MESSAGES oder LANG).")
        var lines = lines
        lines.insert(label + text, at: index)
        return lines
    }

    /// One line as lines of at most `width` columns, each continued at its hanging indent: an
    /// option's description column, a paragraph's own indent, an example's indent plus four. An
    /// example breaks only before a flag, keeping each flag with its value.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let lead = line.prefix(while: { $0 == " " }).count
        let body = line.dropFirst(lead)
        let isExample = body.hasPrefix("meditate ")
        var indent = lead
        var first = String(repeating: " ", count: lead)
        var words: [String]
        // An option's or a subcommand's row: its label, spaces up to the description column (an
        // option's label as long as it can be and stay on the row has one), the description.
        if lead == 2, line.count > descriptionColumn,
            line.prefix(descriptionColumn).hasSuffix("  ")
                || body.hasPrefix("-") && line.prefix(descriptionColumn).hasSuffix(" "),
            line[line.index(line.startIndex, offsetBy: descriptionColumn)] != " "
        {
            indent = descriptionColumn
            first = String(line.prefix(descriptionColumn))
            words = line.dropFirst(descriptionColumn).split(separator: " ").map(String.init)
        } else if let heading = body.firstMatch(of: #/^[A-ZÄÖÜ]+: /#), lead == 0 {
            // USAGE: continues under its text; OVERVIEW:, as ArgumentParser has it, at the margin.
            let isUsage = heading.output.hasPrefix("USAGE") || heading.output.hasPrefix("AUFRUF")
            indent = isUsage ? heading.output.count : 0
            first = String(heading.output)
            words = body.dropFirst(heading.output.count).split(separator: " ").map(String.init)
            if isUsage { words = keepingGroupsWhole(words) }
        } else {
            words = body.split(separator: " ").map(String.init)
            if isExample { indent = lead + 4 }
        }
        if isExample { words = keepingFlagsWithValues(words) }
        var lines: [String] = []
        var current = first
        var startOfLine = true
        for word in words {
            let needed = (startOfLine ? 0 : 1) + word.count
            if !startOfLine, current.count + needed > width {
                lines.append(current)
                current = String(repeating: " ", count: indent)
                startOfLine = true
            }
            current += (startOfLine ? "" : " ") + word
            startOfLine = false
        }
        lines.append(current)
        return lines
    }

    /// A usage line's `[--backend <auto|pulse|alsa|snapcast>]` is not broken inside its
    /// brackets.
    private static func keepingGroupsWhole(_ words: [String]) -> [String] {
        var units: [String] = []
        var depth = 0
        for word in words {
            if depth > 0, let last = units.last {
                units[units.count - 1] = last + " " + word
            } else {
                units.append(word)
            }
            depth += word.filter { $0 == "[" || $0 == "<" }.count - word.filter { $0 == "]" || $0 == ">" }.count
            depth = max(0, depth)
        }
        return units
    }

    /// `-o sit.wav` stays together, as does `--minutes 30`.
    private static func keepingFlagsWithValues(_ words: [String]) -> [String] {
        var units: [String] = []
        for word in words {
            if let last = units.last, last.hasPrefix("-"), !last.contains(" "), !word.hasPrefix("-") {
                units[units.count - 1] = last + " " + word
            } else {
                units.append(word)
            }
        }
        return units
    }
}
