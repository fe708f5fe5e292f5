import Session

/// A sit in words, for the practice history: "20 min, bells every 5 min, pink noise".
enum SitDescription {
    static func of(_ c: SessionConfiguration) -> String {
        var parts = ["\(c.minutes) min"]
        if let interval = c.interval {
            parts.append("bells every \(interval) min")
        } else if !c.bells.isEmpty {
            parts.append("bells at " + c.bells.map(\.description).joined(separator: ", ") + " min")
        }
        if let noise = c.noise { parts.append("\(noise.rawValue) noise") }
        return parts.joined(separator: ", ")
    }
}
