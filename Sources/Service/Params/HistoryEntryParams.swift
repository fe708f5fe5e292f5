import Foundation
import Localization
import Practice
import Session
import Settings

/// The params of `history.add` (`at` and `minutes` needed) and `history.edit` (`id` needed, and
/// any of `at`, `minutes`, `note`): a sit's start as `history add --at` takes it
/// (`"2026-11-27T07:00"`, local), its minutes (a number or a text, more than 0, at most 1440),
/// and its note.
struct HistoryEntryParams: Decodable, Sendable {
    let id: Int64?
    let startedAt: Double?
    let satSeconds: Int?
    let remark: String?

    private enum Member: String, CodingKey { case id, at, minutes, note }

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: Member.self)
        if members.contains(.id) {
            guard let id = try? members.decode(Int64.self, forKey: .id), id > 0 else {
                throw RequestRefusal(
                    localized(
                        "the sit's id is a whole number from 1", de: "die ID der Sitzung ist eine ganze Zahl ab 1"))
            }
            self.id = id
        } else {
            id = nil
        }
        if let text = try? members.decode(String.self, forKey: .at) {
            guard let instant = PracticeDate.parse(text, in: .current) else {
                throw RequestRefusal(
                    localized(
                        "at is a local time such as 2026-11-27T07:00, not '\(ShownValue.short(text))'",
                        de: "at ist eine Ortszeit wie 2026-11-27T07:00, nicht '\(ShownValue.short(text))'"))
            }
            if let refusal = PracticeDate.refusal(ofSitAt: instant, given: ShownValue.short(text)) {
                throw RequestRefusal(refusal)
            }
            startedAt = instant
        } else if members.contains(.at) {
            throw RequestRefusal(
                localized(
                    "at is a local time such as 2026-11-27T07:00", de: "at ist eine Ortszeit wie 2026-11-27T07:00"))
        } else {
            startedAt = nil
        }
        if members.contains(.minutes) {
            let minutes =
                (try? members.decode(String.self, forKey: .minutes)).flatMap { ExactDecimal($0) }
                ?? (try? members.decode(Double.self, forKey: .minutes)).flatMap { ExactDecimal(String($0)) }
            guard let minutes, minutes.isPositive, minutes <= SessionConfiguration.maxMinutes else {
                throw RequestRefusal(
                    localized(
                        "minutes is a number more than 0 and at most 1440",
                        de: "minutes ist eine Zahl größer als 0 und höchstens 1440"))
            }
            satSeconds = minutes.rounded(times: 60)
            if let seconds = satSeconds, let refusal = PracticeDate.refusal(ofSeconds: seconds, given: "\(minutes)") {
                throw RequestRefusal(refusal)
            }
        } else {
            satSeconds = nil
        }
        if members.contains(.note) {
            guard let note = try? members.decode(String.self, forKey: .note) else {
                throw RequestRefusal(localized("note is a text", de: "note ist ein Text"))
            }
            if let refusal = SitRequest.remarkRefusal(note, name: "note") { throw RequestRefusal(refusal) }
            remark = note
        } else {
            remark = nil
        }
    }
}
