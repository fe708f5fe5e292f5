import Localization

/// ArgumentParser writes its help frame and its parsing errors in English; these put them into
/// the run's language. Our own help texts are already translated where they are declared. The
/// service's refusal of a request's value is worded as ArgumentParser's and translated here too
/// (`RequestRefusal`), so that both say it in the same German.
package enum ParserMessages {
    /// `--help` and `help <command>` output: the section headings and the built-in flags.
    package static func help(_ text: String) -> String {
        guard Language.current == .de else { return text }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = String(line)
            for (english, german) in headings where line.hasPrefix(english) {
                line = german + line.dropFirst(english.count)
            }
            if line.hasPrefix("AUFRUF: ") {
                line = line.replacingOccurrences(of: "<subcommand>", with: "<Befehl>")
                    .replacingOccurrences(of: "<options>", with: "<Optionen>")
            }
            for (english, german) in builtIns {
                line = line.replacingOccurrences(of: english, with: german)
            }
            if let match = line.wholeMatch(of: #/(\s*)See '(.+) <subcommand>' for detailed help\./#) {
                line = "\(match.1)Ausführliche Hilfe: '\(match.2) <Befehl>'."
            }
            return line
        }
        return lines.joined(separator: "\n")
    }

    /// One parsing error (the first line of ArgumentParser's message) in the program's own voice,
    /// lowercase and in the run's language, as every other refusal is; text it does not know
    /// stays as it is.
    package static func error(_ text: String) -> String {
        let german = Language.current == .de
        if let m = text.wholeMatch(of: #/The value '(.*)' is invalid for '([^']*)'(.*)/#) {
            let rest = String(m.3)
            if let choices = choices(rest) {
                // The choices are said; `<white|pink|…>` after the option would say them twice.
                let option = m.2.split(separator: " ").first ?? m.2
                return german
                    ? "der Wert '\(m.1)' passt nicht zu '\(option)'; möglich sind \(choices.all) oder \(choices.last)"
                    : "'\(m.1)' is not a value for '\(option)'; it takes \(choices.all) or \(choices.last)"
            }
            return german
                ? "der Wert '\(m.1)' passt nicht zu '\(m.2)'" + rest : "'\(m.1)' is not a value for '\(m.2)'" + rest
        }
        if let m = text.wholeMatch(of: #/Unknown option '(.*)'\. Did you mean '(.*)'\?/#) {
            return german
                ? "unbekannte Option '\(m.1)'; gemeint ist vielleicht '\(m.2)'"
                : "unknown option '\(m.1)'; did you mean '\(m.2)'?"
        }
        if let m = text.wholeMatch(of: #/Unknown option '(.*)'/#) {
            return german ? "unbekannte Option '\(m.1)'" : "unknown option '\(m.1)'"
        }
        if let m = text.wholeMatch(of: #/Missing expected argument '(.*)'/#) {
            return german ? "es fehlt das Argument '\(m.1)'" : "'\(m.1)' is missing"
        }
        if let m = text.wholeMatch(of: #/Missing one of: (.*)/#) {
            return german ? "es fehlt eins von: \(m.1)" : "one of these is missing: \(m.1)"
        }
        if let m = text.wholeMatch(of: #/Missing value for '(.*)'/#) {
            return german ? "es fehlt der Wert für '\(m.1)'" : "'\(m.1)' needs a value"
        }
        if let m = text.wholeMatch(of: #/Unexpected argument '(.*)'/#) {
            return german ? "unerwartetes Argument '\(m.1)'" : "unexpected argument '\(m.1)'"
        }
        if let m = text.wholeMatch(of: #/(\d+) unexpected arguments: (.*)/#) {
            return german ? "\(m.1) unerwartete Argumente: \(m.2)" : "\(m.1) unexpected arguments: \(m.2)"
        }
        if let m = text.wholeMatch(of: #/The option '(.*)' does not take any value, but '(.*)' was specified\./#) {
            return german
                ? "die Option '\(m.1)' nimmt keinen Wert, doch '\(m.2)' wurde angegeben"
                : "'\(m.1)' takes no value, but was given '\(m.2)'"
        }
        if let m = text.wholeMatch(of: #/Value to be set with (.*) had already been set with (.*)/#) {
            return german
                ? "\(m.1) setzt einen Wert, den schon \(m.2) gesetzt hat"
                : "\(m.1) sets what \(m.2) has already set"
        }
        if let m = text.wholeMatch(of: #/Invalid option: (.*)/#) {
            return german ? "ungültige Option: \(m.1)" : "invalid option: \(m.1)"
        }
        return text
    }

    /// ArgumentParser's ". Please provide one of 'a', 'b' or 'c'." after a refused value: the
    /// choices before the last, and the last.
    private static func choices(_ text: String) -> (all: Substring, last: Substring)? {
        guard let m = text.wholeMatch(of: #/\. Please provide one of (.*) or ('[^']*')\./#) else { return nil }
        return (m.1, m.2)
    }

    private static let headings = [
        ("OVERVIEW: ", "ÜBERSICHT: "), ("USAGE: ", "AUFRUF: "), ("ARGUMENTS:", "ARGUMENTE:"),
        ("OPTIONS:", "OPTIONEN:"), ("SUBCOMMANDS:", "BEFEHLE:")
    ]

    private static let builtIns = [
        ("Show help information.", "Zeigt diese Hilfe."), ("Show the version.", "Zeigt die Version."),
        (" (default) ", " (Standard)"), ("(default: ", "(Standard: "), ("; default: ", "; Standard: "),
        ("(default as flag: ", "(Standard als Schalter: "),
        // ArgumentParser's "(values: a, b)" list of choices.
        ("(values: ", "(Werte: ")
    ]
}
