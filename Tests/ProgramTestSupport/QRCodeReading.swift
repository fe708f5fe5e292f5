import Foundation

/// Reads back a QR code the CLI drew in the terminal (half blocks, ANSI colours): the text is
/// turned into an image, 8 pixels a module, and zbarimg (zbar-tools, installed by `make test`)
/// decodes it, as a phone's camera would.
package enum QRCodeReading {
    /// The modules of the drawn lines (true: dark).
    package static func modules(of lines: [Substring]) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in lines {
            var upper: [Bool] = []
            var lower: [Bool] = []
            var inEscape = false
            for character in line {
                if inEscape {
                    if character.isLetter { inEscape = false }
                    continue
                }
                switch character {
                case "\u{1B}": inEscape = true
                case "█":
                    upper.append(true)
                    lower.append(true)
                case "▀":
                    upper.append(true)
                    lower.append(false)
                case "▄":
                    upper.append(false)
                    lower.append(true)
                case " ":
                    upper.append(false)
                    lower.append(false)
                default: continue
                }
            }
            rows.append(upper)
            rows.append(lower)
        }
        return rows
    }

    /// What zbarimg reads in the drawing, or nil.
    package static func decode(_ lines: [Substring], in scratch: Scratch) throws -> String? {
        let rows = modules(of: lines)
        guard let width = rows.first?.count, width > 0 else { return nil }
        let scale = 8
        var image = Array("P5\n\(width * scale) \(rows.count * scale)\n255\n".utf8)
        for row in rows {
            let pixels = row.flatMap { dark in [UInt8](repeating: dark ? 0 : 255, count: scale) }
            for _ in 0..<scale { image += pixels }
        }
        let path = scratch.path("qr.pgm")
        try Data(image).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--quiet", "--raw", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
