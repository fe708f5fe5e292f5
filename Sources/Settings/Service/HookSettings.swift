/// The `[hooks]` table of config.toml: a shell command for each event it names, and how long
/// a hook may run.
///
/// ```toml
/// [hooks]
/// session-started = "dnd on"
/// session-ended = "dnd off"
/// paused = "logger meditate paused"
/// timeout = 10
/// ```
package struct HookSettings: Equatable {
    /// Event name → command (run by /bin/sh -c).
    package var commands: [String: String] = [:]
    package var timeoutSeconds = HookSettings.defaultTimeoutSeconds

    package static let defaultTimeoutSeconds = 10
    package static let timeoutRange = 1...3600

    /// The events a hook may be set for: every event of the protocol (docs/protocol.md), and
    /// `paused` and `resumed` (a `phase` event into or out of a pause). `position` comes once a
    /// second while a track plays.
    package static let events: Set<String> = [
        "session-started", "session-ended", "session-recorded", "phase", "paused", "resumed", "bell", "handover",
        "moved", "position", "output-lost", "output-back", "schedule-added", "schedule-changed", "schedule-removed",
        "schedules-changed", "history-changed", "presets-changed", "schedule-fired", "schedule-skipped", "reminder",
        "stopping"
    ]
}
