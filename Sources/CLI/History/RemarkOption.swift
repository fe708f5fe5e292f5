import ArgumentParser
import Library
import Localization
import Settings

/// `--note TEXT`: what arose in a sit, kept with it in the history (at most
/// `SitRequest.longestRemark` characters).
struct RemarkOption: ParsableArguments {
    @Option(
        help: .localized(
            "A note of the sit, what arose (at most 2000 characters).",
            de: "Eine Notiz zum Sitzen, was aufkam (höchstens 2000 Zeichen).", valueName: "text"))
    var note: String?

    /// The note, checked; nil when none was given.
    func checked() throws(HistoryError) -> String? {
        guard let note else { return nil }
        if let refusal = SitRequest.remarkRefusal(note, name: "--note") { throw .remarkTooLong(line: refusal) }
        return note
    }
}
