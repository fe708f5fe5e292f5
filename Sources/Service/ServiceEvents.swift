import Clock
import Control
import Localization
import Logging
import Practice
import Settings

/// What happened, told to the clients that subscribed and to the `[hooks]`: one call for both,
/// from the conductor, its scheduler and its bells alike.
///
/// Thread: control (the service's main thread); the hooks run on a thread of their own.
final class ServiceEvents {
    private let hub: EventHub
    /// Set when the service starts (`startHooks`); nil until then, or when config.toml's
    /// hooks could not be read.
    private var hooks: HookRunner?

    init(hub: EventHub) {
        self.hub = hub
    }

    /// Tells subscribers, and the hooks, what happened.
    func publish(_ event: JSONValue) {
        hub.publish(event)
        hooks?.handle(event)
    }

    /// Starts the hooks config.toml names, saying which; a config.toml that cannot be read
    /// leaves the service without hooks, said once.
    func startHooks(logger: Logger) {
        do {
            let settings = try Settings.load().file.hooks
            hooks = HookRunner(settings: settings, logger: logger)
            if !settings.commands.isEmpty {
                logger.notice(
                    "\(localized("hooks", de: "Hooks")): \(settings.commands.keys.sorted().joined(separator: ", "))")
            }
        } catch {
            logger.error("\(localized("no hooks", de: "keine Hooks")): \(FailureLine.line(for: error))")
        }
    }

    /// Waits for the hooks still running, then kills them: the service began to stop at
    /// `stoppingSince` (monotonic seconds).
    func stopHooks(stoppingSince: Double) {
        hooks?.stop(waitingUpTo: Self.hookGrace(stoppingSince: stoppingSince))
    }

    /// How long a stopping service waits for hooks still running (the `session-ended` of a
    /// sit it ended, say) before it kills them: half a second, less what the stop has taken
    /// beyond `hookDeadlineSeconds - hookGraceSeconds` (the fade of what played), so that
    /// SIGTERM ends the service within a second whatever its hooks do.
    private static func hookGrace(stoppingSince: Double) -> Double {
        let left = stoppingSince + hookDeadlineSeconds - MonotonicClock.seconds()
        return min(hookGraceSeconds, max(leastHookGraceSeconds, left))
    }

    static let hookGraceSeconds = 0.5
    /// After SIGTERM, when hooks still running are killed at the latest.
    static let hookDeadlineSeconds = 0.8
    static let leastHookGraceSeconds = 0.05
}
