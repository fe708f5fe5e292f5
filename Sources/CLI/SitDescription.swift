import Mixer
import Session

/// A sit in words, for the practice history: "20 min, bells every 5 min, pink noise".
enum SitDescription {
    static func of(_ c: SessionConfiguration) -> String {
        let language = Language.current
        let number = { (value: ExactDecimal) in language.decimal(value.description) }
        var parts = [say(.sitMinutes, ["minutes": number(c.minutes)])]
        if let interval = c.interval {
            parts.append(say(.sitBellsEvery, ["minutes": number(interval)]))
        } else if !c.bells.isEmpty {
            parts.append(say(.sitBellsAt, ["list": c.bells.map(number).joined(separator: "; ")]))
        }
        switch c.noise {
        case .white?: parts.append(say(.noiseWhite))
        case .pink?: parts.append(say(.noisePink))
        case .brown?: parts.append(say(.noiseBrown))
        case nil: break
        }
        return parts.joined(separator: ", ")
    }
}
