import Dispatch
import Foundation
import Library
import Localization
import Logging
import NIOConcurrencyHelpers
import Practice
import Rings
import Settings

/// Reads into the service's history what other devices' files bring (a file sync carrying
/// them in) as they arrive, on a thread of its own (`meditate-history`), never on the control
/// thread: stats, the page and the calendar count a sit sat on another device as soon as its
/// line is whole here, and a schedule added, changed or removed elsewhere is taken into the
/// index; the control thread is told of both, and of a preset saved or removed (`changed`), to
/// plan and to tell the clients. The thread sleeps on inotify (the history's, the schedules' and
/// the presets' folders and each device's folder in them), so an
/// idle service does not wake for it; once a minute it looks anyway, for a folder whose
/// changes inotify cannot see (a network file system). A burst of changes (a sync bringing a
/// hundred files) is read once, after the folder has been still for a moment.
package final class HistoryWatcher: Sendable {
    private let paths: LibraryPaths
    private let logger: Logger
    /// Woken once to end the thread: polled beside inotify.
    private let stopping: WakePipe
    private let finished = DispatchSemaphore(value: 0)
    /// Called on this thread with what other devices' files changed in the index.
    private let changed: @Sendable (ChangedElsewhere) -> Void

    /// The look taken without any change seen.
    static let safetyMilliseconds: Int32 = 60_000

    private init(
        paths: LibraryPaths, logger: Logger, stopping: WakePipe,
        changed: @escaping @Sendable (ChangedElsewhere) -> Void
    ) {
        self.changed = changed
        self.paths = paths
        self.logger = logger
        self.stopping = stopping
    }

    /// Starts watching the history's files of `paths`; nil (and a line on the log) where no
    /// pipe can be made, and the history is read as each query opens it.
    package static func start(
        paths: LibraryPaths, logger: Logger, changed: @escaping @Sendable (ChangedElsewhere) -> Void
    ) -> HistoryWatcher? {
        guard let stopping = WakePipe() else {
            logger.warning("history watcher: \(String(cString: strerror(errno)))")
            return nil
        }
        let watcher = HistoryWatcher(
            paths: paths, logger: logger, stopping: stopping, changed: changed)
        Thread.detachNewThread { [watcher] in
            Thread.current.name = "meditate-history"
            watcher.run()
        }
        return watcher
    }

    /// Ends the thread, after a merge under way has committed.
    package func stop() {
        stopping.wake()
        finished.wait()
    }

    private func run() {
        defer { finished.signal() }
        let changes = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { if changes >= 0 { close(changes) } }
        var database: LibraryDatabase?
        // A failure is said once, and again only when it changes or after the files were read.
        var lastFailure: String?
        // The saved presets as last read: a change to them is told, the first reading is not.
        var presets: [String: SavedPresets.Options]?
        var events = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if changes >= 0 { watchFolders(changes) }
            do {
                let opened = try database ?? LibraryDatabase(paths: paths)
                database = opened
                let taken = try opened.mergeJournals()
                var news: ChangedElsewhere = []
                if taken > 0 {
                    logger.debug("history: \(taken) records from the history's files")
                    news.insert(.history)
                }
                if try opened.mergeSchedules() { news.insert(.schedules) }
                let saved = SavedPresets.read(in: paths.history)
                if let presets, presets != saved { news.insert(.presets) }
                presets = saved
                if !news.isEmpty { changed(news) }
                lastFailure = nil
            } catch {
                let line = FailureLine.line(for: error)
                if line != lastFailure {
                    logger.warning(
                        "\(localized("cannot read the history's files", de: "kann die Dateien des Protokolls nicht lesen")): \(line)"
                    )
                }
                lastFailure = line
            }
            var waits = [pollfd(fd: stopping.descriptor, events: Int16(POLLIN), revents: 0)]
            if changes >= 0 { waits.append(pollfd(fd: changes, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&waits, nfds_t(waits.count), Self.safetyMilliseconds)
            if ready < 0 && errno != EINTR { return }
            if waits[0].revents != 0 { return }
            // What changed is not told apart: any change is a look at every file's size and time.
            if changes >= 0, waits.count > 1, waits[1].revents != 0 {
                while read(changes, &events, events.count) > 0 {}
                guard settle(changes, &events) else { return }
            }
        }
    }

    /// How long the folder must be still before it is read (a sync writes a burst of files, a
    /// device a line at a time), and the longest a burst may put the reading off.
    static let settleMilliseconds: Int32 = 100
    static let longestSettleMilliseconds = 2000.0

    /// Waits until no change has come for `settleMilliseconds` (or `longestSettleMilliseconds`
    /// have passed): a burst of writes is one merge, not one per event.
    /// - Returns: false when the watcher is to stop.
    private func settle(_ changes: Int32, _ events: inout [UInt8]) -> Bool {
        let began = DispatchTime.now().uptimeNanoseconds
        while Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6 < Self.longestSettleMilliseconds {
            var waits = [
                pollfd(fd: stopping.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: changes, events: Int16(POLLIN), revents: 0)
            ]
            let ready = poll(&waits, 2, Self.settleMilliseconds)
            if ready < 0 && errno != EINTR { return true }
            if waits[0].revents != 0 { return false }
            if ready == 0 { return true }
            while read(changes, &events, events.count) > 0 {}
        }
        return true
    }

    /// Watches the history's, the schedules' and the presets' folders (made when missing) and
    /// each device's folder in them; a folder watched already keeps its watch.
    private func watchFolders(_ changes: Int32) {
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM)
        for kind in ["history", "schedules", "presets"] {
            let root = paths.history + "/" + kind
            try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            _ = inotify_add_watch(changes, root, mask)
            for device in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
                _ = inotify_add_watch(changes, root + "/" + device, mask)
            }
        }
    }
}
