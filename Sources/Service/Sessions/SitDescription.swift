import Control
import Mixer
import Session
import Settings

/// A sit in words, for the practice history: "20 min, bells every 5 min, pink noise".
package enum SitDescription {
    package static func of(_ c: SessionConfiguration) -> String {
        let language = Language.current
        return messages(c).map { key, values in
            say(key, values.mapValues { language.decimal($0) })
        }.joined(separator: ", ")
    }

    /// The same as message keys and their values (numbers as `7.5`), for a client to say in
    /// its own language.
    static func parts(_ c: SessionConfiguration) -> [JSONValue] {
        messages(c).map { SessionNote.part($0.key, $0.values) }
    }

    private static func messages(_ c: SessionConfiguration) -> [(key: MessageKey, values: [String: String])] {
        var parts: [(key: MessageKey, values: [String: String])] = [(.sitMinutes, ["minutes": c.minutes.description])]
        if let interval = c.interval {
            parts.append((.sitBellsEvery, ["minutes": interval.description]))
        } else if !c.bells.isEmpty {
            parts.append((.sitBellsAt, ["list": c.bells.map(\.description).joined(separator: "; ")]))
        }
        switch c.noise {
        case .white?: parts.append((.noiseWhite, [:]))
        case .pink?: parts.append((.noisePink, [:]))
        case .brown?: parts.append((.noiseBrown, [:]))
        case nil: break
        }
        return parts
    }
}
