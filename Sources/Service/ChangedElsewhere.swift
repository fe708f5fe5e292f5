/// What another device's files changed, as the history watcher took it into the index: the
/// control thread plans the schedules anew and tells the clients.
package struct ChangedElsewhere: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Sits sat, changed or removed on another device.
    package static let history = ChangedElsewhere(rawValue: 1)
    /// Schedules added, changed or removed on another device.
    package static let schedules = ChangedElsewhere(rawValue: 2)
}
