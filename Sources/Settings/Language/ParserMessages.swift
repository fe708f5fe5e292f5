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

    /// One parsing error (the first line of ArgumentParser's message); text it does not know
    /// stays as it is.
    package static func error(_ text: String) -> String {
        guard Language.current == .de else { return text }
        if let m = text.wholeMatch(of: #/The value '(.*)' is invalid for '([^']*)'(.*)/#) {
            return "der Wert '\(m.1)' passt nicht zu '\(m.2)'" + choices(String(m.3))
        }
        if let m = text.wholeMatch(of: #/Unknown option '(.*)'\. Did you mean '(.*)'\?/#) {
            return "unbekannte Option '\(m.1)'; gemeint ist vielleicht '\(m.2)'"
        }
        if let m = text.wholeMatch(of: #/Unknown option '(.*)'/#) { return "unbekannte Option '\(m.1)'" }
        if let m = text.wholeMatch(of: #/Missing expected argument '(.*)'/#) { return "es fehlt das Argument '\(m.1)'" }
        if let m = text.wholeMatch(of: #/Missing one of: (.*)/#) { return "es fehlt eins von: \(m.1)" }
        if let m = text.wholeMatch(of: #/Missing value for '(.*)'/#) { return "es fehlt der Wert für '\(m.1)'" }
        if let m = text.wholeMatch(of: #/Unexpected argument '(.*)'/#) { return "unerwartetes Argument '\(m.1)'" }
        if let m = text.wholeMatch(of: #/(\d+) unexpected arguments: (.*)/#) {
            return "\(m.1) unerwartete Argumente: \(m.2)"
        }
        if let m = text.wholeMatch(of: #/The option '(.*)' does not take any value, but '(.*)' was specified\./#) {
            return "die Option '\(m.1)' nimmt keinen Wert, doch '\(m.2)' wurde angegeben"
        }
        if let m = text.wholeMatch(of: #/Value to be set with (.*) had already been set with (.*)/#) {
            return "\(m.1) setzt einen Wert, den schon \(m.2) gesetzt hat"
        }
        if let m = text.wholeMatch(of: #/Invalid option: (.*)/#) { return "ungültige Option: \(m.1)" }
        return text
    }

    /// ArgumentParser's ". Please provide one of 'a', 'b' or 'c'." after a refused value.
    private static func choices(_ text: String) -> String {
        guard let m = text.wholeMatch(of: #/\. Please provide one of (.*) or ('[^']*')\./#) else { return text }
        return "; möglich sind \(m.1) oder \(m.2)"
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
