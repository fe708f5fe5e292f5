/// Finds a table header that toml++ cannot report: after `[` or `[[` and blanks it asserts
/// (and aborts the process) unless a key, a quote or `]` follows, as in `[`, `[ .` or `[[#`
/// followed by a line break. Such a header is reported here first, as `config.toml:LINE`.
enum TableHeaderCheck {
    /// The first line (from 1) whose table header has no key after its bracket, if any.
    /// Lines inside a multi-line string are skipped; a nested array spread over lines, which no
    /// setting takes, may be refused here for a line that starts with a bare `[`.
    static func firstBadHeader(in text: String) -> Int? {
        var inMultilineString: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let delimiter = inMultilineString {
                if occurrences(of: delimiter, in: trimmed) % 2 == 1 { inMultilineString = nil }
                continue
            }
            for delimiter in ["\"\"\"", "'''"] where occurrences(of: delimiter, in: trimmed) % 2 == 1 {
                inMultilineString = delimiter
            }
            guard inMultilineString == nil, trimmed.first == "[" else { continue }
            var rest = trimmed.dropFirst()
            if rest.first == "[" { rest = rest.dropFirst() }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let next = rest.first else { return index + 1 }
            let startsKey = next.isASCII && (next.isLetter || next.isNumber || next == "_" || next == "-")
            if !startsKey && next != "\"" && next != "'" && next != "]" { return index + 1 }
        }
        return nil
    }

    private static func occurrences(of delimiter: String, in line: Substring) -> Int {
        line.components(separatedBy: delimiter).count - 1
    }
}
