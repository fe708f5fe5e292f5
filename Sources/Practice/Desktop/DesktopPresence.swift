import Desktop
import Foundation
import Library
import Localization
import Logging
import Settings

/// What a desktop sees of a sit, played from the terminal or by the user's service: logind's block on sleep while it plays,
/// and a notification when it has ended. Where there is no bus (a Pi, a container, an ssh
/// session) each is left out with a line at debug level and nothing else.
///
/// Thread: main (the live runner's, the service's), never an audio thread: each call waits up to half a second
/// for its answer.
package struct DesktopPresence {
    package let logger: Logger
    /// The `notify` setting.
    package let notify: Bool
    package let library: LibraryPaths
    /// How days are counted (`day-starts`), and whether a streak is said (`streaks`).
    package let days: PracticeDays
    package let streaks: Bool

    package init(
        logger: Logger, notify: Bool, library: LibraryPaths, days: PracticeDays = PracticeDays(), streaks: Bool = true
    ) {
        self.logger = logger
        self.notify = notify
        self.library = library
        self.days = days
        self.streaks = streaks
    }

    /// The presence `settings` ask for: their `notify`, `day-starts` and `streaks`.
    package init(logger: Logger, settings: Settings, library: LibraryPaths, notify: Bool? = nil) {
        self.init(
            logger: logger, notify: notify ?? settings.value(SettingKeys.notify, flag: nil), library: library,
            days: PracticeDays(settings), streaks: settings.value(SettingKeys.streaks, flag: nil))
    }

    /// Blocks sleep while the session `name` plays; nil where logind cannot be asked.
    package func inhibitSleep(name: String) -> SleepInhibitor? {
        switch DesktopBus.open(.system) {
        case let .failure(error):
            logger.debug("no sleep inhibitor: \(error)")
            return nil
        case let .success(bus):
            do {
                return try SleepInhibitor.take(on: bus, why: name)
            } catch {
                logger.debug("no sleep inhibitor: \(error)")
                return nil
            }
        }
    }

    /// Asks logind to suspend the machine (`--after suspend`, a sleep that ran to its end); where
    /// it cannot be asked or refuses (another program's block inhibitor), says why once.
    package func suspend() {
        switch DesktopBus.open(.system) {
        case let .failure(error):
            logger.warning("\(say(.suspendFailed, ["reason": "\(error)"]))")
        case let .success(bus):
            do {
                try SystemSuspend.request(on: bus)
                logger.notice("\(say(.suspending))")
            } catch {
                logger.warning("\(say(.suspendFailed, ["reason": "\(error)"]))")
            }
        }
    }

    /// Tells the desktop the sit is over: the time sat, and the streak the history now holds.
    package func notifyEnded(satSeconds: Int) {
        guard notify else { return }
        switch DesktopBus.open(.session) {
        case let .failure(error):
            logger.debug("no notification: \(error)")
        case let .success(bus):
            let sat = DurationText.words(seconds: satSeconds)
            let streak = streaks ? currentStreak() : 0
            let body =
                streak >= 2
                ? say(.notifyBodyStreak, ["sat": sat, "days": String(streak)]) : say(.notifyBody, ["sat": sat])
            let idFile = ProcessEnvironment.variables["XDG_RUNTIME_DIR"].map { $0 + "/meditate/notification-id" }
            do {
                try EndNotification.show(on: bus, summary: say(.notifySummary), body: body, idFile: idFile)
            } catch {
                logger.debug("no notification: \(error)")
            }
        }
    }

    /// Days in a row with a sit, today's included; 0 without a history.
    private func currentStreak() -> Int {
        guard FileManager.default.fileExists(atPath: library.database),
            let totals = try? LibraryDatabase(paths: library).practiceTotals(days: days)
        else { return 0 }
        return PracticeStats(totals, today: days.today).currentStreak
    }
}
