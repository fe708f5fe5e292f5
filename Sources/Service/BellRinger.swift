import Clock
import Control
import Foundation
import Localization
import Logging
import Outputs
import Practice
import Session
import Settings

/// Bells rung alone: by hand (`bell.ring`) at once, or by a schedule on its instant, through
/// the service's one output beside whatever else plays.
///
/// Thread: control (the service's main thread).
final class BellRinger {
    private let playing: ServicePlaying
    private let output: ServiceOutput
    private let scheduler: ServiceScheduler
    private let events: ServiceEvents
    private let logger: Logger

    /// Bells ringing at once at most: half the engine's programs.
    static let mostAtOnce = 8
    /// Closer to its instant than this, a bell may already be in the device's hands: it rings.
    static let withdrawMarginSeconds = 0.05

    init(
        playing: ServicePlaying, output: ServiceOutput, scheduler: ServiceScheduler, events: ServiceEvents,
        logger: Logger
    ) {
        self.playing = playing
        self.output = output
        self.scheduler = scheduler
        self.events = events
        self.logger = logger
    }

    /// Rings a bell; with `target` (monotonic seconds), its first sample reaches the device
    /// then (it is started `ServiceBell.leadSeconds` ahead).
    func ring(_ request: BellRequest, scheduled: ScheduledRing?, at target: Double?) throws(RPCError) -> JSONValue {
        // Each bell is a program of the engine, whose room is fixed: bells beyond these leave
        // room for a sit, a track and what rings out, which would otherwise be dropped.
        let ringing = playing.bellsRinging
        guard ringing < Self.mostAtOnce else {
            throw .refused(
                localized(
                    "\(ringing) bells are ringing already; ring again when one has ended",
                    de: "es läuten schon \(ringing) Glocken; läute wieder, wenn eine verklungen ist"))
        }
        let output = output
        let (live, note) = try RPCError.forClient { try ServiceSessionFactory.bell(request, output: output) }
        let bell = ServiceBell(
            live: live, number: playing.nextNumber(), note: note, scheduled: scheduled, target: target)
        do {
            try live.start(at: target)
        } catch {
            throw .failed(FailureLine.line(for: error))
        }
        playing.add(bell)
        if let scheduled {
            // Started ahead of its instant, it may yet give way to a sit: it is said as ringing
            // when it is heard (`tick`).
            logger.info(
                "\(note) \(localized("made ready for schedule", de: "bereit für Plan")) \(scheduled.id); \(live.outputSummary)"
            )
        } else {
            logger.notice("\(localized("ringing", de: "läutet")): \(note); \(live.outputSummary)")
        }
        var ring: [String: JSONValue] = ["id": .number(bell.number), "description": .string(note)]
        if let target { ring["at"] = .finite(Date().timeIntervalSince1970 + target - MonotonicClock.seconds()) }
        return ["ring": .object(ring)]
    }

    /// Tells what the bell did since the last look; true when it has ended (and is gone).
    /// `busy`: a sit or a track is playing, which a schedule's bell not yet heard gives way to.
    func tick(_ bell: ServiceBell, busy: Bool) -> Bool {
        if busy { withdrawIfASessionStarted(bell) }
        let finished = bell.live.isFinished
        let events = bell.live.poll()
        for notice in bell.live.takeNotices() {
            logger.log(level: notice.isWarning ? .warning : .notice, "\(notice.line)")
        }
        let status = bell.live.status
        for case let .gong(gong) in events {
            // A schedule's bell has fired when it is heard, not when it was started.
            if let scheduled = bell.scheduled, !bell.sounded {
                logger.notice("\(localized("ringing", de: "läutet")): \(bell.note); \(bell.live.outputSummary)")
                scheduler.firedBell(scheduled)
            }
            bell.sounded = true
            var members: [String: JSONValue] = [
                "event": "bell", "id": .number(bell.number), "bell": "bell", "frame": .number(gong.frame),
                "at": .finite(gong.wallClock(in: bell.live, status: status))
            ]
            if let schedule = bell.scheduleID { members["schedule"] = .number(Int(schedule)) }
            self.events.publish(.object(members))
        }
        guard finished else { return false }
        if let failure = bell.live.failure { logger.error("\(FailureLine.line(for: failure))") }
        playing.remove(bell)
        return true
    }

    /// A schedule's bell starts ahead of its instant; a sit or a track started in that lead
    /// is not rung over (unless the schedule says `over`): the bell ends unheard, and its
    /// schedule is told as skipped.
    private func withdrawIfASessionStarted(_ bell: ServiceBell) {
        guard let scheduled = bell.scheduled, !scheduled.over, !bell.sounded, !bell.withdrawn,
            Date().timeIntervalSince1970 < scheduled.due - Self.withdrawMarginSeconds
        else { return }
        bell.withdrawn = true
        bell.live.end()
        scheduler.tellSkipped(
            id: scheduled.id, action: .bell, due: scheduled.due, reason: "busy", line: ServiceScheduler.busyLine)
    }
}
