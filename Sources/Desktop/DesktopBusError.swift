import Foundation

/// A call on the desktop's bus that did not go through: for the debug log only, since a desktop
/// without the service asked for is no fault of the person sitting.
public struct DesktopBusError: Error, CustomStringConvertible, Sendable {
    /// sd-bus's negative errno.
    public let status: Int32
    public let call: String
    /// The D-Bus error's name, when the other side answered with one.
    public var name: String?

    public var description: String {
        "\(call): " + (name ?? String(cString: strerror(-status)))
    }
}
