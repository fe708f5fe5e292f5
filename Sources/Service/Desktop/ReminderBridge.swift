import Control
import Desktop
import Foundation
import Localization
import Logging
import NIOConcurrencyHelpers
import Settings

/// A reminder to sit as a desktop notification: "Time to sit" (or the sitter's words), the sit
/// it offers, and a "Sit now" button that starts that sit on the service.
///
/// Like the media player bridge it is a client of the service's own socket: the button becomes
/// the `sit.start` the page's would send, with the same checks. Threads: a follower
/// (`meditate-remind`) that sleeps on the service's events (no timer) and hands each
/// `reminder` to the notifier; the notifier's bus thread (`meditate-notify`), which shows it and
/// carries the button out on its own connection. Where there is no session bus (a Pi, a
/// container), a reminder says so at debug level and the page and MQTT still tell it.
package final class ReminderBridge: @unchecked Sendable {
    private let socket: String
    private let logger: Logger
    /// The bus thread's connection for "Sit now".
    private let commands: ServiceCaller
    private let stopped = NIOLockedValueBox(false)
    private let notifier = NIOLockedValueBox<ActionNotifier?>(nil)

    /// The key of the button, as the server hands it back.
    static let sitNowKey = "sit-now"

    private init(socket: String, logger: Logger) {
        self.socket = socket
        self.logger = logger
        commands = ServiceCaller(socket: socket)
    }

    /// Follows the service's reminders; nil where no thread can be made.
    package static func start(socket: String, logger: Logger) -> ReminderBridge? {
        let bridge = ReminderBridge(socket: socket, logger: logger)
        guard
            let notifier = ActionNotifier.start(
                pressed: { [weak bridge] payload in bridge?.sitNow(payload) },
                failed: { error in logger.debug("no reminder notification: \(error)") })
        else { return nil }
        bridge.notifier.withLockedValue { $0 = notifier }
        Thread.detachNewThread { [bridge] in
            Thread.current.name = "meditate-remind"
            bridge.follow()
        }
        return bridge
    }

    /// Leaves the bus; the follower ends with the service's socket.
    package func stop() {
        stopped.withLockedValue { $0 = true }
        notifier.withLockedValue { $0 }?.stop()
    }

    // MARK: The bus thread

    /// "Sit now": the sit the reminder offered (its `sit` members, kept as the payload).
    private func sitNow(_ payload: String) {
        let params = JSONValue.parse(payload) ?? [:]
        logger.notice("\(localized("reminder: sit now", de: "Erinnerung: jetzt sitzen"))")
        do {
            _ = try commands.call("sit.start", params)
        } catch {
            logger.warning("\(localized("reminder: sit now", de: "Erinnerung: jetzt sitzen")): \(error.line)")
        }
    }

    // MARK: The follower thread

    private func follow() {
        while !stopped.withLockedValue({ $0 }) {
            do {
                let service = try ControlClient(path: socket)
                _ = try service.call("subscribe")
                while !stopped.withLockedValue({ $0 }) {
                    // Events only: a day's wait is no timer.
                    guard let event = try service.nextEvent(timeoutMilliseconds: 86_400_000),
                        event["event"] == "reminder"
                    else { continue }
                    notifier.withLockedValue { $0 }?.show(Self.notice(of: event))
                }
            } catch {
                guard !stopped.withLockedValue({ $0 }) else { return }
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }

    /// A `reminder` event as the desktop shows it: the sitter's words or "Time to sit", the sit
    /// in the service's language, "Sit now".
    static func notice(of event: JSONValue) -> ActionNotifier.Notice {
        ActionNotifier.Notice(
            summary: event["text"]?.stringValue ?? say(.reminderSummary),
            body: event["description"]?.stringValue ?? "",
            button: (sitNowKey, say(.reminderSitNow)), payload: (event["sit"] ?? [:]).line)
    }
}
