import Foundation

/// Where things are in config.toml's text, by line: TOMLKit reports lines only for syntax
/// errors, and `config set` edits the text itself so that the user's comments survive.
package struct ConfigLines {
    package let lines: [Substring]

    package init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The table a header line opens (`[preset.morning]` → "preset.morning"), or nil.
    package static func header(_ line: Substring) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("["), let close = trimmed.lastIndex(of: "]") else { return nil }
        let inside = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
        return inside.trimmingCharacters(in: CharacterSet(charactersIn: "[] \t"))
            .split(separator: ".").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'")) }
            .joined(separator: ".")
    }

    /// Whether the line assigns `key` (bare or quoted).
    package static func assigns(_ line: Substring, key: String) -> Bool {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        for quote in ["\"", "'"] where rest.hasPrefix(quote + key + quote) {
            rest = rest.dropFirst(key.count + 2)
            return rest.drop { $0 == " " || $0 == "\t" }.hasPrefix("=")
        }
        guard rest.hasPrefix(key) else { return false }
        rest = rest.dropFirst(key.count)
        return rest.drop { $0 == " " || $0 == "\t" }.hasPrefix("=")
    }

    /// Index of the line that assigns `key` inside `table` (nil: the top, before any header).
    package func index(of key: String, in table: String?) -> Int? {
        var current: String?
        for (index, line) in lines.enumerated() {
            if let header = Self.header(line) {
                current = header
            } else if current == table && Self.assigns(line, key: key) {
                return index
            }
        }
        return nil
    }

    /// Index of the header line that opens `table`.
    package func index(ofHeader table: String) -> Int? {
        lines.firstIndex { Self.header($0) == table }
    }

    /// 1-based line of `key` in `table`, for messages; the table's header, or 1, when not found.
    package func line(of key: String, in table: String?) -> Int {
        if let index = index(of: key, in: table) { return index + 1 }
        if let table, let index = index(ofHeader: table) { return index + 1 }
        return 1
    }
}
