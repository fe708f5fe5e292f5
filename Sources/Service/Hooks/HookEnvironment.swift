import Control

/// An event as a hook's environment: `MEDITATE_EVENT=bell`, each plain member of the event as
/// `MEDITATE_<NAME>` (`satSeconds` → `MEDITATE_SAT_SECONDS`), the members of its `session` as
/// `MEDITATE_SESSION_<NAME>`, and the whole event as `MEDITATE_EVENT_JSON`.
enum HookEnvironment {
    static func variables(for event: JSONValue, named name: String) -> [String: String] {
        var variables = ["MEDITATE_EVENT": name, "MEDITATE_EVENT_JSON": event.line]
        guard case let .object(members) = event else { return variables }
        for (key, value) in members where key != "event" {
            if case let .object(inner) = value {
                for (innerKey, innerValue) in inner {
                    if let text = plain(innerValue) {
                        variables["MEDITATE_" + snake(key) + "_" + snake(innerKey)] = text
                    }
                }
            } else if let text = plain(value) {
                variables["MEDITATE_" + snake(key)] = text
            }
        }
        // The phase, whichever member holds it.
        if variables["MEDITATE_PHASE"] == nil, let phase = variables["MEDITATE_SESSION_PHASE"] {
            variables["MEDITATE_PHASE"] = phase
        }
        return variables
    }

    private static func plain(_ value: JSONValue) -> String? {
        switch value {
        case let .string(text): text
        case let .bool(flag): flag ? "true" : "false"
        case .number: value.intValue.map(String.init) ?? value.line
        case .null, .array, .object: nil
        }
    }

    /// `satSeconds` → `SAT_SECONDS`, `output-lost` → `OUTPUT_LOST`.
    static func snake(_ name: String) -> String {
        var result = ""
        for character in name {
            if character == "-" {
                result.append("_")
            } else if character.isUppercase, !result.isEmpty, result.last != "_" {
                result.append("_")
                result.append(character)
            } else {
                result.append(character.uppercased())
            }
        }
        return result
    }
}
