import Dispatch
import Foundation
import Library
import Localization
import Logging
import NIOConcurrencyHelpers
import Practice

/// Reads into the service's history what other devices' files bring (a file sync carrying
/// them in), once a second, on a thread of its own (`meditate-history`): a look at each file's
/// size and time when nothing is new, never work on the control thread. Stats, the page and
/// the calendar then count a sit sat on another device within a second of its line arriving.
package final class HistoryWatcher: Sendable {
    private let paths: LibraryPaths
    private let logger: Logger
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = NIOLockedValueBox(false)
    private let finished = DispatchSemaphore(value: 0)

    static let intervalSeconds = 1.0

    private init(paths: LibraryPaths, logger: Logger) {
        self.paths = paths
        self.logger = logger
    }

    /// Starts watching the history's files of `paths`.
    package static func start(paths: LibraryPaths, logger: Logger) -> HistoryWatcher {
        let watcher = HistoryWatcher(paths: paths, logger: logger)
        Thread.detachNewThread { [watcher] in
            Thread.current.name = "meditate-history"
            watcher.run()
        }
        return watcher
    }

    /// Ends the thread, after a merge under way has committed.
    package func stop() {
        stopped.withLockedValue { $0 = true }
        wake.signal()
        finished.wait()
    }

    private func run() {
        defer { finished.signal() }
        var database: LibraryDatabase?
        // A failure is said once, and again only when it changes or after the files were read.
        var lastFailure: String?
        while !stopped.withLockedValue({ $0 }) {
            do {
                let opened = try database ?? LibraryDatabase(paths: paths)
                database = opened
                let taken = try opened.mergeJournals()
                if taken > 0 { logger.debug("history: \(taken) records from the history's files") }
                lastFailure = nil
            } catch {
                let line = FailureLine.line(for: error)
                if line != lastFailure {
                    logger.warning(
                        "\(localized("cannot read the history's files", de: "kann die Dateien des Verlaufs nicht lesen")): \(line)"
                    )
                }
                lastFailure = line
            }
            _ = wake.wait(timeout: .now() + Self.intervalSeconds)
        }
    }
}
