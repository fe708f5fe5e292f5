import ArgumentParser
import Foundation
import Library
import Localization
import Practice
import Session
import Settings

/// `meditate history edit ID`: a wrong row set right, or a note added to a sit.
struct HistoryEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: localized(
            "Set right a sit's start or length, or write its note.",
            de: "Berichtigt Beginn oder Dauer einer Sitzung oder schreibt ihre Notiz."))

    @Argument(help: SitReference.help)
    var sit: SitReference

    @Option(
        help: .localized(
            "When it began: 2026-11-27T07:00 (local time).", de: "Wann sie begann: 2026-11-27T07:00 (Ortszeit).",
            valueName: "yyyy-mm-ddThh:mm"))
    var at: String?

    @Option(
        help: .localized(
            "The time sat, in minutes (more than 0, at most 1440).",
            de: "Die gesessene Zeit, in Minuten (mehr als 0, höchstens 1440).", valueName: "minutes"))
    var minutes: ExactDecimal?

    @OptionGroup var remark: RemarkOption
    @OptionGroup var location: LibraryLocation

    func validate() throws {
        if let minutes, !minutes.isPositive || minutes > SessionConfiguration.maxMinutes {
            throw ValidationError(
                localized(
                    "--minutes must be more than 0 and at most 1440, not \(minutes)",
                    de: "--minutes muss größer als 0 und höchstens 1440 sein, nicht \(minutes)"))
        }
    }

    func run() throws {
        guard at != nil || minutes != nil || remark.note != nil else { throw HistoryError.nothingToEdit }
        let startedAt = try at.map { text throws(HistoryError) in
            guard let instant = PracticeDate.parse(text, in: .current) else { throw .badInstant(text) }
            return instant
        }
        if let startedAt, let at, let refusal = PracticeDate.refusal(ofSitAt: startedAt, given: at) {
            throw ValidationError(refusal)
        }
        if let minutes, let refusal = PracticeDate.refusal(ofSeconds: minutes.rounded(times: 60), given: "\(minutes)") {
            throw ValidationError(refusal)
        }
        let database = try location.open()
        guard
            let edited = try database.edit(
                id: try sit.id(in: database), startedAt: startedAt, satSeconds: minutes.map { $0.rounded(times: 60) },
                remark: try remark.checked(), describe: DurationText.relengthened)
        else { throw HistoryError.noSuchSit(sit.description) }
        print(HistoryLine.said(.historyChanged, edited))
    }
}
