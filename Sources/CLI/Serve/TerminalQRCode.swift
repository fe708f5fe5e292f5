import CQRencode

/// A QR code drawn with text, for a phone to scan off the terminal: two rows of modules per
/// line (the half blocks ▀ ▄ █), black on white by ANSI colours whatever the terminal's own,
/// with the quiet zone of four modules the standard asks for.
enum TerminalQRCode {
    /// The modules of `text`'s QR code (true: dark), quiet zone included; nil when it cannot
    /// be encoded (too long).
    static func modules(of text: String) -> [[Bool]]? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, width <= 177, let data = code.pointee.data else { return nil }
        let quiet = 4
        let size = width + 2 * quiet
        var rows = [[Bool]](repeating: [Bool](repeating: false, count: size), count: size)
        for row in 0..<width {
            for column in 0..<width where data[row * width + column] & 1 == 1 {
                rows[row + quiet][column + quiet] = true
            }
        }
        return rows
    }

    /// The lines to print; nil when `text` cannot be encoded.
    static func lines(of text: String) -> [String]? {
        guard let rows = modules(of: text) else { return nil }
        let blackOnWhite = "\u{1B}[30;47m"
        let reset = "\u{1B}[0m"
        var lines: [String] = []
        for top in stride(from: 0, to: rows.count, by: 2) {
            var line = blackOnWhite
            for column in rows[top].indices {
                let upper = rows[top][column]
                let lower = top + 1 < rows.count ? rows[top + 1][column] : false
                switch (upper, lower) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line + reset)
        }
        return lines
    }
}
