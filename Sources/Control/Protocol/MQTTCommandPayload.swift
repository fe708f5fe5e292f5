import Foundation

/// The payload of an MQTT command (Home Assistant's button, a script's publish): a button's
/// press (`PRESS`, or nothing) takes the defaults; a JSON object gives the command's options,
/// as the protocol's params.
public enum MQTTCommandPayload {
    /// Nil for a press; the object's params otherwise. Anything else is refused with one line.
    public static func options(_ payload: String) throws(RPCError) -> JSONValue? {
        let trimmed = payload.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed == "PRESS" { return nil }
        guard let value = JSONValue.parse(trimmed), case .object = value else {
            throw .invalidParams(refusal)
        }
        return value
    }

    /// In English; the bridge says it in the service's language.
    public static let refusal = "the payload is PRESS or a JSON object of the command's options"
}
