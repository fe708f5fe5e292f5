import Foundation

/// Edits config.toml's text line by line: everything the user wrote (comments, order, blank
/// lines) stays as it was, and only the lines of what changes are touched. TOMLKit would
/// write the table back without the comments.
package struct ConfigEditor {
    private(set) var lines: [String]

    package init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    package var text: String {
        let joined = lines.joined(separator: "\n")
        return joined.isEmpty || joined.hasSuffix("\n") ? joined : joined + "\n"
    }

    /// Sets a top-level key, in place when it is there (keeping a comment after it), else
    /// after the last top-level key.
    package mutating func set(_ key: String, literal: String) {
        let config = ConfigLines(text)
        if let index = config.index(of: key, in: nil) {
            lines[index] = Self.replacingValue(in: lines[index], with: literal)
            return
        }
        let line = "\(key) = \(literal)"
        let firstHeader = lines.firstIndex { ConfigLines.header(Substring($0)) != nil }
        let top = 0..<(firstHeader ?? lines.count)
        if let last = top.last(where: { Self.isAssignment(lines[$0]) }) {
            lines.insert(line, at: last + 1)
        } else if let firstHeader {
            lines.insert(contentsOf: [line, ""], at: firstHeader)
        } else {
            appendAtEnd([line])
        }
    }

    /// Removes a top-level key; false when it was not there.
    @discardableResult
    package mutating func remove(_ key: String) -> Bool {
        guard let index = ConfigLines(text).index(of: key, in: nil) else { return false }
        lines.remove(at: index)
        return true
    }

    /// Writes `[name]` with these lines, replacing the table if it is there, else at the end.
    package mutating func setTable(_ name: String, assignments: [String]) {
        let block = ["[\(name)]"] + assignments
        if let range = tableRange(name) {
            lines.replaceSubrange(range, with: block)
        } else {
            if let last = lines.lastIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                lines.removeSubrange((last + 1)...)
                lines.append("")
            } else {
                lines.removeAll()
            }
            lines.append(contentsOf: block)
            lines.append("")
        }
    }

    /// Removes `[name]` and its lines; false when it was not there.
    @discardableResult
    package mutating func removeTable(_ name: String) -> Bool {
        guard let range = tableRange(name) else { return false }
        lines.removeSubrange(range)
        let at = range.lowerBound
        // Leave one blank line between what was around the table, not two.
        if at > 0, at <= lines.count, Self.isBlank(lines[at - 1]), at == lines.count || Self.isBlank(lines[at]) {
            lines.remove(at: at - 1)
        }
        return true
    }

    /// The table's header and its lines, without the blank lines and comments that lead into
    /// the next table (they belong to it).
    private func tableRange(_ name: String) -> Range<Int>? {
        guard let start = lines.firstIndex(where: { ConfigLines.header(Substring($0)) == name }) else { return nil }
        var end = lines[(start + 1)...].firstIndex { ConfigLines.header(Substring($0)) != nil } ?? lines.count
        if end < lines.count {
            while end > start + 1 && (Self.isBlank(lines[end - 1]) || Self.isComment(lines[end - 1])) { end -= 1 }
        } else {
            while end > start + 1 && Self.isBlank(lines[end - 1]) { end -= 1 }
        }
        return start..<end
    }

    private mutating func appendAtEnd(_ new: [String]) {
        if lines.last == "" {
            lines.insert(contentsOf: new, at: lines.count - 1)
        } else {
            lines.append(contentsOf: new)
        }
    }

    private static func isBlank(_ line: String) -> Bool { line.trimmingCharacters(in: .whitespaces).isEmpty }
    private static func isComment(_ line: String) -> Bool { line.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
    private static func isAssignment(_ line: String) -> Bool {
        !isBlank(line) && !isComment(line) && line.contains("=")
    }

    /// `key = old  # why` → `key = new  # why`.
    package static func replacingValue(in line: String, with literal: String) -> String {
        guard let equals = line.firstIndex(of: "=") else { return line }
        let prefix = line[..<equals]
        var rest = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
        // Skip the old value: a quoted string up to its closing quote, else up to a comment.
        if let quote = rest.first, quote == "\"" || quote == "'" {
            var index = rest.index(after: rest.startIndex)
            while index < rest.endIndex && rest[index] != quote {
                if quote == "\"" && rest[index] == "\\" { index = rest.index(after: index) }
                if index < rest.endIndex { index = rest.index(after: index) }
            }
            rest = index < rest.endIndex ? rest[rest.index(after: index)...] : rest[rest.endIndex...]
        } else {
            rest = rest.firstIndex(of: "#").map { rest[$0...] } ?? rest[rest.endIndex...]
            // Keep the spacing before the comment as it was.
            if !rest.isEmpty {
                let before = line[..<rest.startIndex]
                let spaces = before.reversed().prefix { $0 == " " || $0 == "\t" }
                return "\(prefix)= \(literal)\(String(spaces.reversed()))\(rest)"
            }
        }
        let comment = rest.drop { $0 == " " || $0 == "\t" }
        if comment.hasPrefix("#") {
            return "\(prefix)= \(literal)\(rest)"
        }
        return "\(prefix)= \(literal)"
    }
}
