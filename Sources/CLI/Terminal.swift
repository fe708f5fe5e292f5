import Foundation
import Localization
import Settings

/// The controlling terminal while a session plays: keys arrive one by one without echo, and the
/// settings it had are put back on the way out.
final class Terminal {
    private var saved = termios()
    private var active = false
    private var shown = ""
    /// The columns `shown` was drawn at.
    private var shownWidth = 0
    /// Whether the terminal has gone away (a write failed with EIO: ssh dropped, the window
    /// closed): from then on nothing is drawn or read, and the session carries on headless.
    private(set) var isGone = false

    /// Whether there is a person at a terminal: stdin and stdout both ttys.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Whether colour is allowed: not turned off by --no-color or a non-empty NO_COLOR.
    static func allowsColor(noColorFlag: Bool) -> Bool {
        !noColorFlag && (ProcessEnvironment.variables["NO_COLOR"] ?? "").isEmpty
    }

    /// Columns of the terminal, 80 when unknown.
    static var columns: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Keys one at a time, no echo; Ctrl-C still raises SIGINT.
    func enterKeyMode() {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        active = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
        write("\u{1B}[?25l")
    }

    func restore() {
        write("\u{1B}[?25h")
        if active { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        active = false
    }

    enum Key: Equatable {
        case character(UInt8)
        case left
        case right
        /// Esc alone (not the start of an arrow key's sequence).
        case escape
    }

    /// The next key pressed within `milliseconds`, if any.
    func readKey(waitingMilliseconds milliseconds: Int32) -> Key? {
        guard let byte = readByte(waitingMilliseconds: milliseconds) else { return nil }
        guard byte == 0x1B else { return .character(byte) }
        // An arrow key is Esc [ C or Esc [ D (or Esc O C in application mode), all at once.
        guard let second = readByte(waitingMilliseconds: 30),
            second == UInt8(ascii: "[") || second == UInt8(ascii: "O"),
            let final = readByte(waitingMilliseconds: 30)
        else { return .escape }
        switch final {
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        default: return nil
        }
    }

    private func readByte(waitingMilliseconds milliseconds: Int32) -> UInt8? {
        guard !isGone else { return nil }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        var byte: UInt8 = 0
        let got = Foundation.read(STDIN_FILENO, &byte, 1)
        if got == 1 { return byte }
        // A hung-up terminal reads as the end (0) or EIO at once, and would make every wait
        // return at once: it is gone.
        if got == 0 || (errno != EINTR && errno != EAGAIN) { isGone = true }
        return nil
    }

    /// The line written above the status line as the session started (the keys), written
    /// again when the window is redrawn after a resize; wrapped between words to the window.
    var header = ""

    /// Writes `header` above where the status line will be, wrapped to the window's width.
    func writeHeader() {
        guard !header.isEmpty else { return }
        write(Self.wrapped(header, width: Self.columns) + "\n")
    }

    /// `text` broken into rows narrower than `width` (the last column stays free, as for the
    /// status line): between its parts (" · ") where it can, so that a key stays with what it
    /// does, else between words; a terminal would break it inside a word ("q be" / "endet").
    /// Rows after the first begin with `indent`.
    static func wrapped(_ text: String, width: Int, indent: String = "") -> String {
        let room = max(1, width - 1)
        let parts = text.components(separatedBy: " · ")
        var rows: [String] = []
        var row = ""
        for (index, part) in parts.enumerated() {
            let piece = index < parts.count - 1 ? part + " ·" : part
            if !row.isEmpty && row.count + 1 + piece.count <= room {
                row += " " + piece
                continue
            }
            if !row.isEmpty {
                rows.append(row)
                row = indent
            }
            // A part too long for a row of its own goes on word by word, its "·" with its last.
            var words = piece.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if words.count > 1, words.last == "·" {
                words.removeLast()
                words[words.count - 1] += " ·"
            }
            for word in words {
                if row.trimmingCharacters(in: .whitespaces).isEmpty {
                    row += word
                } else if row.count + 1 + word.count <= room {
                    row += " " + word
                } else {
                    rows.append(row)
                    row = indent + word
                }
            }
        }
        if !row.isEmpty { rows.append(row) }
        return rows.joined(separator: "\n")
    }

    /// Redraws the status line in place, when it has changed or the window's width has. The
    /// width is the window's at each redraw and the line is kept narrower than it, so it never
    /// wraps as it is drawn (a line drawn for the old width after the window was narrowed
    /// wrapped onto the next row, where a clear of one row could not reach it, and fragments
    /// piled up). A window made narrower may also reflow the line already shown over several
    /// rows (tmux, VTE, kitty and Konsole do, each putting the cursor somewhere of its own, and
    /// tmux some time after the size has changed): so, then, the window is cleared and the
    /// header and the line are drawn at its top, which is right whatever the terminal did.
    func draw(_ line: String, width: Int) {
        guard line != shown || width != shownWidth else { return }
        let narrowed = shownWidth > 0 && width < shownWidth
        shown = line
        shownWidth = width
        if narrowed {
            write("\u{1B}[H\u{1B}[2J" + (header.isEmpty ? "" : Self.wrapped(header, width: width) + "\n") + line)
        } else {
            write("\r\u{1B}[J" + line)
        }
    }

    /// Writes `text` as whole rows where the status line is, which the next `draw` puts back
    /// below them: a log line written into the status line would tear both. Broken between
    /// words, the rows after the first indented.
    func writeAbove(_ text: String) {
        shown = ""
        write("\r\u{1B}[J" + Self.wrapped(text, width: Self.columns, indent: "  ") + "\n")
    }

    func clearLine() {
        shown = ""
        write("\r\u{1B}[J")
    }

    /// Columns a line takes: its characters without the colour escapes (ESC [ digits, ';'
    /// or '?', then a letter). Read by hand: the status line asks four times a second, and a
    /// regex brought Swift's regex engine into memory for it.
    static func visibleCount(_ line: String) -> Int {
        var count = 0
        var characters = line.makeIterator()
        while let character = characters.next() {
            guard character == "\u{1B}" else {
                count += 1
                continue
            }
            var sequence = characters
            guard sequence.next() == "[" else {
                count += 1
                continue
            }
            var ended = false
            while let next = sequence.next() {
                if next.isASCII && next.isLetter {
                    ended = true
                    break
                }
                guard next.isASCII && (next.isNumber || next == ";" || next == "?") else { break }
            }
            if ended {
                characters = sequence
            } else {
                count += 1
            }
        }
        return count
    }

    func write(_ text: String) {
        guard !isGone else { return }
        if !StandardStream.write(text, to: STDOUT_FILENO) { isGone = true }
    }
}
