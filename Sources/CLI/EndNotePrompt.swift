import Clock
import Control
import Foundation
import Library
import Localization
import Logging
import Practice
import Settings

/// The one-line note a person may leave when a sit ends in a terminal (what arose): asked once,
/// Enter skips. Never asked without a terminal, with -q, after a sleep (the sitter is asleep),
/// or when `--note` gave one. A person who has walked away is not waited for past
/// `waitSeconds`, and Ctrl-C or SIGTERM ends the wait.
enum EndNotePrompt {
    static let waitSeconds = 120.0

    static func shouldAsk(quiet: Bool, sleep: Bool, given: String?) -> Bool {
        !quiet && !sleep && given == nil && Terminal.isInteractive && !Interruption.requested
    }

    /// Asks, and keeps the note with the sit `id` of the history at `library`.
    static func askAndKeep(id: Int64, library: LibraryPaths, logger: Logger) {
        guard let note = ask() else { return }
        do {
            _ = try LibraryDatabase(paths: library).edit(id: id, remark: note)
            print(say(.pageNoteKept))
        } catch {
            logger.error("\(ErrorMessages.line(for: error))")
        }
    }

    /// Asks, and keeps the note with the newest sit of the service's history (the one that has
    /// just ended there, as the page's note does).
    static func askAndKeep(on control: ControlClient, logger: Logger) {
        guard let note = ask() else { return }
        do {
            guard case let .array(newest)? = try control.call("history.list", ["newest": 1])["sessions"],
                let id = newest.first?["id"]
            else { return }
            _ = try control.call("history.edit", ["id": id, "note": .string(note)])
            print(say(.pageNoteKept))
        } catch {
            logger.error("\(ErrorMessages.line(for: error))")
        }
    }

    /// The note typed, or nil: Enter alone, nothing typed in time, an interruption, or a note
    /// longer than a note holds (said in one line).
    static func ask() -> String? {
        print(
            localized("A note of this sit (Enter skips): ", de: "Eine Notiz zu diesem Sitzen (Enter überspringt): "),
            terminator: "")
        // The prompt stays on its line; the answer follows it there.
        fflush(nil)
        let deadline = MonotonicClock.seconds() + waitSeconds
        while true {
            let left = deadline - MonotonicClock.seconds()
            guard !Interruption.requested, left > 0 else {
                print("")
                return nil
            }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Int32((min(left, 0.25) * 1000).rounded(.up))) > 0 { break }
        }
        guard let line = readLine(strippingNewline: true) else { return nil }
        let note = line.trimmingCharacters(in: .whitespaces)
        guard !note.isEmpty else { return nil }
        if let refusal = SitRequest.remarkRefusal(note, name: localized("the note", de: "die Notiz")) {
            NoticeLine.teller(quiet: false)(refusal)
            return nil
        }
        return note
    }
}
