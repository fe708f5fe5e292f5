import Localization
import Settings

/// `history.list`'s params: how many of the newest sessions, 1 to 1000 (20 when not given).
struct HistoryListParams: Decodable, Sendable {
    static let range = 1...1000
    let newest: Int

    private enum Member: String, CodingKey { case newest }

    init(from decoder: any Decoder) throws {
        let members = try? decoder.container(keyedBy: Member.self)
        guard let members, members.contains(.newest) else {
            newest = 20
            return
        }
        guard let count = try? members.decode(Int.self, forKey: .newest), Self.range.contains(count) else {
            throw RequestRefusal(
                localized(
                    "newest must be a whole number from 1 to 1000",
                    de: "newest muss eine ganze Zahl von 1 bis 1000 sein"))
        }
        newest = count
    }
}
