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

    package init(logger: Logger, notify: Bool, library: LibraryPaths) {
        self.logger = logger
        self.notify = notify
        self.library = library
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
            let streak = currentStreak()
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
            let totals = try? LibraryDatabase(path: library.database).practiceTotals(timeZone: .current)
        else { return 0 }
        let today = CivilDay(Date().timeIntervalSince1970, in: .current)
        return PracticeStats(totals, today: today).currentStreak
    }
}
