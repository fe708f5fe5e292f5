/// What the shared folder's files changed, as the history watcher took it in: the control
/// thread plans the schedules anew and tells the clients.
package struct ChangedElsewhere: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Sits sat, changed or removed on another device.
    package static let history = ChangedElsewhere(rawValue: 1)
    /// Schedules added, changed or removed on another device.
    package static let schedules = ChangedElsewhere(rawValue: 2)
    /// Presets saved or removed (on this device by `meditate preset`, or on another).
    package static let presets = ChangedElsewhere(rawValue: 4)
}
