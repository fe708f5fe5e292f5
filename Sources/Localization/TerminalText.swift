/// Text from outside (a tag, another device's file, a service's answer, the network) made safe
/// to show in a terminal or a notification: its control characters (C0 but tab, DEL, C1) written
/// as `\x1B`, so that an escape sequence in it can neither clear the screen, set the window's
/// title nor start a line of its own.
package enum TerminalText {
    package static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// As `escapingControls`, and at most `longest` characters (its start and end around "…"):
    /// a reason a service gives is one line, whatever it sent.
    package static func line(_ text: String, longest: Int = 300) -> String {
        let shown = text.count > longest ? "\(text.prefix(longest - 60))…\(text.suffix(59))" : text
        return escapingControls(shown)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}
