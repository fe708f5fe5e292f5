import CSystemd
import Foundation
import Localization

/// One notification as org.freedesktop.Notifications takes it (`Notify`): what it says, the
/// buttons it offers, and the earlier one it replaces.
struct DesktopNotification {
    var summary: String
    var body: String
    /// Key and label of each button, in the order shown.
    var actions: [(key: String, label: String)] = []
    /// The id of one of ours still shown, replaced instead of stacked; 0 for none.
    var replaces: UInt32 = 0
    /// Milliseconds shown; -1 the server's choice, 0 until it is dismissed.
    var expireMilliseconds: Int32 = -1

    /// `text` as a body shows it: the servers read a body as markup (`body-markup`), so a
    /// reminder's own words ("tea & sit", "<b>") are escaped, their control characters but the
    /// line ends too.
    static func markupEscaped(_ text: String) -> String {
        var escaped = ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for character in lines.map({ TerminalText.escapingControls(String($0)) }).joined(separator: "\n") {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Asks the server on `bus` to show it; its id.
    func show(on bus: DesktopBus) throws(DesktopBusError) -> UInt32 {
        try bus.call(
            destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.Notifications", member: "Notify",
            arguments: [
                .string("meditate"), .uint32(replaces), .string("meditate"), .string(summary),
                .string(Self.markupEscaped(body)),
                .strings(actions.flatMap { [$0.key, $0.label] }),
                .dictionary([.init("desktop-entry", .string(MediaPlayerState.desktopEntry))]),
                .int32(expireMilliseconds)
            ]
        ) { (reply) throws(DesktopBusError) -> UInt32 in
            var id: UInt32 = 0
            let read = sd_bus_message_read_basic(reply, CChar(bitPattern: UInt8(ascii: "u")), &id)
            guard read > 0 else { throw DesktopBusError(status: min(read, -EBADMSG), call: "Notify") }
            return id
        }
    }
}
