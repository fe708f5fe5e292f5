/// Finds a table header that toml++ cannot report: after `[` or `[[` and blanks it asserts
/// (and aborts the process) unless a key, a quote or `]` follows, as in `[`, `[ .` or `[[#`
/// followed by a line break. Such a header is reported here first, as `config.toml:LINE`.
///
/// It reads Unicode scalars, as toml++ does, not Characters: "\r\n" is one Character, and
/// splitting Characters on "\n" hid the line after it (the fuzzer found that).
public enum TableHeaderCheck {
    /// The first line (from 1) whose table header has no key after its bracket, if any.
    /// Lines inside a multi-line string are skipped; a nested array spread over lines, which no
    /// setting takes, may be refused here for a line that starts with a bare `[`.
    public static func firstBadHeader(in text: String) -> Int? {
        var inMultilineString: Unicode.Scalar?
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let quote = inMultilineString {
                if triples(of: quote, in: trimmed) % 2 == 1 { inMultilineString = nil }
                continue
            }
            if trimmed.first == "[" {
                // A header first: a '"""' later on its line opens no string (the fuzzer found
                // '[' then junk then '"""', which hid the header from this check).
                var rest = trimmed.dropFirst()
                if rest.first == "[" { rest = rest.dropFirst() }
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard let next = rest.first else { return index + 1 }
                let startsKey =
                    next.isASCII
                    && (next.properties.isAlphabetic || ("0"..."9").contains(next)
                        || next == "_" || next == "-")
                if !startsKey && next != "\"" && next != "'" && next != "]" { return index + 1 }
            }
            for quote: Unicode.Scalar in ["\"", "'"] where triples(of: quote, in: trimmed) % 2 == 1 {
                inMultilineString = quote
            }
        }
        return nil
    }

    /// How many times three `quote`s in a row occur in `line`, not overlapping.
    private static func triples(of quote: Unicode.Scalar, in line: Substring.UnicodeScalarView.SubSequence) -> Int {
        var count = 0
        var run = 0
        for scalar in line {
            run = scalar == quote ? run + 1 : 0
            if run == 3 {
                count += 1
                run = 0
            }
        }
        return count
    }
}
