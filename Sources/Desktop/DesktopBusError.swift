import Foundation
import Localization

/// A call on the desktop's bus that did not go through: for the debug log only, since a desktop
/// without the service asked for is no fault of the person sitting.
public struct DesktopBusError: Error, CustomStringConvertible, Sendable {
    /// sd-bus's negative errno.
    public let status: Int32
    public let call: String
    /// The D-Bus error's name, when the other side answered with one.
    public var name: String?

    /// Said in the run's language: a person meets it in a line (a suspend that failed, no Avahi).
    public var description: String {
        let what = call == "open" ? localized("cannot reach the bus", de: "Bus nicht erreichbar") : call
        return "\(what): " + (name ?? SystemReason.said(-status))
    }
}
