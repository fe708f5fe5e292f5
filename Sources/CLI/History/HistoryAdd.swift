import ArgumentParser
import Foundation
import Library
import Localization
import Practice
import Session
import Settings

/// `meditate history add`: a sit done without the machine (a retreat, a group's sit).
struct HistoryAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: localized(
            "Add a sit done without meditate: when it began and how long it was.",
            de: "Fügt eine Sitzung hinzu, die ohne meditate stattfand: wann sie begann und wie lang sie war."))

    @Option(
        help: .localized(
            "When it began: 2026-11-27T07:00 (local time), or 2026-11-27 (noon).",
            de: "Wann sie begann: 2026-11-27T07:00 (Ortszeit) oder 2026-11-27 (Mittag).",
            valueName: "yyyy-mm-ddThh:mm"))
    var at: String

    @Option(
        help: .localized(
            "How long it was, in minutes (more than 0, at most 1440).",
            de: "Wie lang sie war, in Minuten (mehr als 0, höchstens 1440).", valueName: "minutes"))
    var minutes: ExactDecimal

    @OptionGroup var remark: RemarkOption
    @OptionGroup var location: LibraryLocation

    func validate() throws {
        guard minutes.isPositive, minutes <= SessionConfiguration.maxMinutes else {
            throw ValidationError(
                localized(
                    "--minutes must be more than 0 and at most 1440, not \(minutes)",
                    de: "--minutes muss größer als 0 und höchstens 1440 sein, nicht \(minutes)"))
        }
    }

    func run() throws {
        guard let startedAt = PracticeDate.parse(at, in: .current) else { throw HistoryError.badInstant(at) }
        if let refusal = PracticeDate.refusal(ofSitAt: startedAt, given: at) { throw ValidationError(refusal) }
        let seconds = minutes.rounded(times: 60)
        if let refusal = PracticeDate.refusal(ofSeconds: seconds, given: "\(minutes)") {
            throw ValidationError(refusal)
        }
        let sit = PracticeSession(
            startedAt: startedAt, kind: .manual, note: DurationText.words(seconds: seconds), plannedSeconds: seconds,
            satSeconds: seconds, completed: true, remark: try remark.checked() ?? "")
        guard let added = try location.open().add(sit) else { throw HistoryError.alreadyThere }
        print(HistoryLine.said(.historyAdded, added))
    }
}
