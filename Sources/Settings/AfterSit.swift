/// What the machine does once a sit has run to its end (`--after`): nothing more, or sleep.
/// A sit that was stopped, and a render, are followed by nothing whatever this says: a
/// person who stopped it is awake.
package enum AfterSit: String, Sendable, CaseIterable, Hashable {
    case stop
    /// Asks logind to suspend the machine, as its inhibitors allow.
    case suspend
}
