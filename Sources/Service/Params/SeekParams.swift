import Localization
import Settings

/// `seek`'s params: a move `by` seconds (back when negative), or `to` a second of the track;
/// exactly one of them, a finite number.
struct SeekParams: Decodable, Sendable {
    enum Move: Sendable {
        case by(Double)
        case to(Double)
    }

    let move: Move

    private enum Member: String, CodingKey { case by, to }

    init(from decoder: any Decoder) throws {
        let members = try? decoder.container(keyedBy: Member.self)
        let by = try? members?.decodeIfPresent(Double.self, forKey: .by)
        let to = try? members?.decodeIfPresent(Double.self, forKey: .to)
        switch (by, to) {
        case let (by?, nil) where by.isFinite: move = .by(by)
        case let (nil, to?) where to.isFinite: move = .to(to)
        default:
            throw RequestRefusal(
                localized(
                    "seek takes by (seconds, back when negative) or to (seconds into the track)",
                    de: "seek nimmt by (Sekunden, zurück wenn negativ) oder to (Sekunden in die Aufnahme)"))
        }
    }
}
