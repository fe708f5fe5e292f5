import Clock
import Control
import Foundation
import Localization
import Outputs
import Session
import Settings

/// Bells rung alone: by hand (`bell.ring`) at once, or by a schedule on its instant.
///
/// Thread: control (the service's main thread), as all of the conductor.
extension ServiceConductor {
    /// Rings a bell; with `target` (monotonic seconds), its first sample reaches the device
    /// then (it is started `ServiceBell.leadSeconds` ahead).
    func ring(_ request: BellRequest, scheduled: ScheduledRing?, at target: Double?) throws(RPCError) -> JSONValue {
        guard !stopping else { throw .refused(localized("the service is stopping", de: "der Dienst wird beendet")) }
        // Each bell is a program of the engine, whose room is fixed: bells beyond these leave
        // room for a sit, a track and what rings out, which would otherwise be dropped.
        let ringing = playing.bellsRinging
        guard ringing < Self.mostBellsAtOnce else {
            throw .refused(
                localized(
                    "\(ringing) bells are ringing already; ring again when one has ended",
                    de: "es läuten schon \(ringing) Glocken; läute wieder, wenn eine verklungen ist"))
        }
        let output = output
        let (live, note) = try Self.makeForClient { try ServiceSessionFactory.bell(request, output: output) }
        sessionsStarted += 1
        let bell = ServiceBell(live: live, number: sessionsStarted, note: note, scheduled: scheduled, target: target)
        do {
            try live.start(at: target)
        } catch {
            throw .failed(FailureLine.line(for: error))
        }
        playing.add(bell)
        logger.notice("\(localized("ringing", de: "läutet")): \(note); \(live.outputSummary)")
        var ring: [String: JSONValue] = ["id": .number(bell.number), "description": .string(note)]
        if let target { ring["at"] = .finite(Date().timeIntervalSince1970 + target - MonotonicClock.seconds()) }
        return ["ring": .object(ring)]
    }

    /// Bells ringing at once at most: half the engine's programs.
    static let mostBellsAtOnce = 8

    func tick(_ bell: ServiceBell) {
        withdrawIfASessionStarted(bell)
        let finished = bell.live.isFinished
        let events = bell.live.poll()
        for notice in bell.live.takeNotices() { logger.warning("\(notice.line)") }
        let status = bell.live.status
        for case let .gong(gong) in events {
            if let scheduled = bell.scheduled, !bell.sounded {
                // A schedule's bell has fired when it is heard, not when it was started.
                publish([
                    "event": "schedule-fired", "schedule": .number(Int(scheduled.id)), "action": "bell",
                    "due": .finite(scheduled.due)
                ])
            }
            bell.sounded = true
            var members: [String: JSONValue] = [
                "event": "bell", "id": .number(bell.number), "bell": "bell", "frame": .number(gong.frame),
                "at": .finite(Self.wallClock(of: gong, in: bell.live, status: status))
            ]
            if let schedule = bell.scheduleID { members["schedule"] = .number(Int(schedule)) }
            publish(.object(members))
        }
        guard finished else { return }
        if let failure = bell.live.failure { logger.error("\(FailureLine.line(for: failure))") }
        playing.remove(bell)
        releaseMemoryWhenIdle()
    }

    /// A schedule's bell starts ahead of its instant; a sit or a track started in that lead
    /// is not rung over (unless the schedule says `over`): the bell ends unheard, and its
    /// schedule is told as skipped.
    private func withdrawIfASessionStarted(_ bell: ServiceBell) {
        guard let scheduled = bell.scheduled, !scheduled.over, !bell.sounded, !bell.withdrawn, busy,
            Date().timeIntervalSince1970 < scheduled.due - Self.withdrawMarginSeconds
        else { return }
        bell.withdrawn = true
        bell.live.end()
        let line = localized("a session is playing", de: "eine Sitzung läuft")
        logger.notice(
            "\(localized("schedule", de: "Plan")) \(scheduled.id) \(localized("skipped", de: "ausgelassen")): \(line)")
        publish([
            "event": "schedule-skipped", "schedule": .number(Int(scheduled.id)), "action": "bell",
            "due": .finite(scheduled.due), "reason": "busy", "message": .string(line)
        ])
    }

    /// Closer to its instant than this, a bell may already be in the device's hands: it rings.
    static let withdrawMarginSeconds = 0.05
}
