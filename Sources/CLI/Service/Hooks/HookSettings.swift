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
struct HookSettings: Equatable {
    /// Event name → command (run by /bin/sh -c).
    var commands: [String: String] = [:]
    var timeoutSeconds = HookSettings.defaultTimeoutSeconds

    static let defaultTimeoutSeconds = 10
    static let timeoutRange = 1...3600

    /// The events a hook may be set for: the protocol's events, and `paused` and `resumed`
    /// (a `phase` event into or out of a pause).
    static let events: Set<String> = [
        "session-started", "session-ended", "session-recorded", "phase", "paused", "resumed", "bell", "handover",
        "moved", "output-lost", "output-back", "schedule-fired", "schedule-skipped", "stopping"
    ]
}
