import Foundation
import Settings

/// A progress bar on stderr for imports of many files, drawn only when stderr is a terminal.
struct ImportProgress {
    let total: Int
    private let enabled: Bool

    init(total: Int) {
        self.total = total
        // A handful of files import in a blink; a bar would only flicker.
        enabled = total >= 5 && isatty(STDERR_FILENO) == 1
    }

    func show(done: Int, current: String) {
        guard enabled else { return }
        let width = 24
        let filled = total == 0 ? 0 : done * width / total
        let name = (current as NSString).lastPathComponent
        let room = max(10, Terminal.columns - width - 20)
        let shown = name.count > room ? String(name.prefix(room - 1)) + "…" : name
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        StandardStream.write("\r\u{1B}[K[\(bar)] \(done)/\(total) \(shown)", to: STDERR_FILENO)
    }

    func clear() {
        guard enabled else { return }
        StandardStream.write("\r\u{1B}[K", to: STDERR_FILENO)
    }
}
