import Clock
import Foundation
import Library
import Localization
import Logging
import Practice
import Settings

/// The history as the service writes it: a session's row when it starts, its time sat as it
/// goes, its outcome at the end. A final record that could not be written (a full disk) is
/// tried again every `retrySeconds` until it lands, once more as the service stops, and what is
/// left then waits in the runtime folder for the next start (`PendingRecord`): before, a sit
/// that completed on a full disk stayed in the history as running, 0 s, after space returned.
///
/// Thread: control (the service's main thread).
final class RecordKeeper {
    private let library: ServiceLibrary
    private let logger: Logger
    /// Final records whose write failed, to write again, oldest first.
    private var unwritten: [PendingRecord] = []
    /// When they are next tried (monotonic seconds); nil while none waits.
    private(set) var retryDue: Double?

    static let retrySeconds = 5.0
    /// A bound on what is kept: a disk full for days does not grow the service.
    static let mostUnwritten = 64

    init(library: ServiceLibrary, logger: Logger) {
        self.library = library
        self.logger = logger
    }

    /// The row of a session that starts; nil (and a line on the log) when it cannot be written:
    /// its outcome is written whole at the end instead.
    func begin(_ session: PracticeSession) -> Int64? {
        library.record { try $0.begin(session) }
    }

    /// The time sat so far of the running row `id`.
    func update(running id: Int64, satSeconds: Int) {
        library.record { try $0.update(running: id, satSeconds: satSeconds, completed: false, finished: false) }
    }

    /// Writes a session's outcome, or keeps it to write again.
    func write(_ record: PendingRecord) {
        guard library.record({ try record.write(to: $0) }) == nil else { return }
        guard unwritten.count < Self.mostUnwritten else { return }
        unwritten.append(record)
        retryDue = MonotonicClock.seconds() + Self.retrySeconds
    }

    /// Sessions a killed service left running are closed as ended early.
    func closeInterrupted() {
        guard let closed = library.record({ try $0.closeInterrupted() }), closed > 0 else { return }
        logger.notice(
            "\(localized("sessions a stopped service left open, recorded as ended early", de: "von einem beendeten Dienst offen gelassene Sitzungen, als vorzeitig beendet eingetragen")): \(closed)"
        )
    }

    /// At the start: what a stopped service left unwritten, written now if it can be, else
    /// kept and tried again.
    func takeSaved(socket: String) {
        do {
            let saved = try PendingRecord.takeSaved(besideSocket: socket)
            guard !saved.isEmpty else { return }
            unwritten = Array(saved.prefix(Self.mostUnwritten))
            retryDue = MonotonicClock.seconds()
            retry(now: true)
        } catch {
            logger.warning(
                "\(localized("cannot read the records a stopped service left unwritten", de: "kann die von einem beendeten Dienst nicht geschriebenen Einträge nicht lesen")): \(FailureLine.line(for: error))"
            )
        }
    }

    /// At the stop: what is still unwritten, saved for the next start.
    func save(socket: String) {
        do {
            try PendingRecord.save(unwritten, besideSocket: socket)
            if !unwritten.isEmpty {
                logger.warning(
                    "\(localized("not yet recorded, kept for the next start", de: "noch nicht eingetragen, für den nächsten Start aufbewahrt")): \(unwritten.count) (\(PendingRecord.file(besideSocket: socket)))"
                )
            }
        } catch {
            logger.error(
                "\(localized("lost, the disk being full", de: "verloren, da der Datenträger voll ist")): \(unwritten.count) \(localized("records", de: "Einträge")): \(FailureLine.line(for: error))"
            )
        }
    }

    /// Writes what could not be written, if its time has come (or `now`); logs what lands.
    func retry(now: Bool = false) {
        guard !unwritten.isEmpty, let due = retryDue, now || MonotonicClock.seconds() >= due else { return }
        let before = unwritten.count
        unwritten = unwritten.filter { record in
            library.record(quietly: true, { try record.write(to: $0) }) == nil
        }
        let landed = before - unwritten.count
        if landed > 0 {
            logger.notice(
                "\(localized("recorded at last", de: "endlich eingetragen")): \(landed) \(localized(landed == 1 ? "session" : "sessions", de: landed == 1 ? "Sitzung" : "Sitzungen"))"
            )
        }
        retryDue = unwritten.isEmpty ? nil : MonotonicClock.seconds() + Self.retrySeconds
    }
}
