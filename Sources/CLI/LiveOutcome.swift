import Foundation
import Library
import Logging
import Session
import Settings

/// How a live session went: what the practice history records.
struct LiveOutcome {
    /// Seconds since 1970.
    let startedAt: Double
    let satSeconds: Int
    let plannedSeconds: Int
    let completed: Bool

    /// Adds the session to the practice history. A history that cannot be written costs the
    /// record, not the session: it is said on the log and the run still succeeds.
    /// - Parameter track: the content hash of the library track a guided sit played.
    /// - Returns: its row's id; nil when it could not be written.
    @discardableResult
    func record(
        kind: PracticeSession.Kind, note: String, remark: String = "", track: String? = nil, library: LibraryPaths,
        logger: Logger
    ) -> Int64? {
        let session = PracticeSession(
            startedAt: startedAt, kind: kind, note: note, plannedSeconds: plannedSeconds,
            satSeconds: satSeconds, completed: completed, remark: remark, track: track ?? "")
        do {
            return try LibraryDatabase(paths: library).record(session)
        } catch {
            logger.error("\(say(.notRecorded, ["reason": ErrorMessages.line(for: error)]))")
            return nil
        }
    }
}
