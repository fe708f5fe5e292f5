import Clock
import Control
import Desktop
import Foundation
import Library
import Practice
import Session
import Settings

/// A session the service plays (a sit, or a guided track with or without a sit after it): its
/// live session, the source it is to the coordinator, its row in the history, and what its
/// clients have been told so far (so that each change is told once).
///
/// Thread: control (the service's main thread) only.
final class ServiceSession {
    let live: LiveSession
    /// It had no set end when it began (once it has finished, its outline has one).
    let beganOpen: Bool
    /// The service's number for this session.
    let number: Int
    /// Who it is to the coordinator: a guided track stays `guided` through its `--then` sit.
    let source: AudioSource
    let kind: PracticeSession.Kind
    let note: String
    /// The note as the history keeps it, to be read in the reader's language.
    let storedNote: String
    /// The note as message keys, for clients in another language.
    let noteParts: [JSONValue]
    /// A guided track's title, and its teacher if its tags or the library name one.
    let title: String?
    let teacher: String?
    /// The content hash of the library track it plays (a course's progress); "" for a sit.
    let track: String
    /// When it ends, the session it paused is resumed (the request asked for it).
    let resumeOther: Bool
    /// Seconds since 1970.
    let startedAt: Double
    var recordID: Int64?
    var toldPhase: SessionPhase?
    var toldWaiting = false
    /// When the time sat was last written (monotonic seconds).
    var lastWritten = 0.0
    /// The time sat last written to the history (-1: none yet).
    var writtenSatSeconds = -1
    var recordedOutcome = false
    /// The last whole second of the track told as a `position` event.
    var toldPosition = -1
    /// Why its guided track stopped (a file cut short under it) has been logged.
    var toldTrackFailure = false
    /// logind's block on sleep while it plays (nil without logind); released when it finishes,
    /// and by the kernel when the service stops.
    var sleepInhibitor: SleepInhibitor?
    /// Its sleep inhibitor and end notification, as its settings had `notify` when it was asked for.
    let desktop: DesktopPresence
    /// What the machine does once it has run to its end (`--after suspend`).
    let after: AfterSit
    /// The sitter's own note of it (`"note"`), for the history.
    var remark = ""

    /// Its gongs' sounds: a gong of no sound (`none`, every gong of a sleep) is told to nobody.
    let sounds: GongSounds

    init(
        live: LiveSession, number: Int, source: AudioSource, note: SessionNote, resumeOther: Bool, startedAt: Double,
        desktop: DesktopPresence, sounds: GongSounds, kind: PracticeSession.Kind? = nil, after: AfterSit = .stop
    ) {
        self.sounds = sounds
        self.desktop = desktop
        self.after = after
        self.live = live
        beganOpen = live.outline.isOpen
        self.number = number
        self.source = source
        self.kind = kind ?? (source == .timer ? .timer : .guided)
        self.note = note.text
        storedNote = note.stored
        noteParts = note.parts
        title = note.title
        teacher = note.teacher
        track = note.track ?? ""
        self.resumeOther = resumeOther
        self.startedAt = startedAt
    }

    private var rate: Int { live.outline.format.sampleRate }

    /// It has played its completion gong: what is left is the gong ringing out.
    var isComplete: Bool { live.status.phase == .complete }

    /// The practice planned (the track and the sitting, not the walks), which `satSeconds`
    /// counts toward; an open-ended sit's is not known (0) until it has ended.
    var plannedSeconds: Int {
        live.outline.isOpen ? 0 : live.outline.practiceFrames / rate
    }

    func satSeconds(_ status: LiveStatus) -> Int { (status.satFrames + rate / 2) / rate }

    /// When its time sat is next to be written, written every `every` seconds while it sits;
    /// nil once its outcome is recorded, or while it is paused.
    func recordDueMilliseconds(every: Double) -> Int? {
        guard !recordedOutcome, !live.isPaused else { return nil }
        let seconds = lastWritten + every - MonotonicClock.seconds()
        return max(0, Int((seconds * 1000).rounded(.up)))
    }

    /// Its outcome as the history is to hold it, `sat` seconds sat: its running row finished,
    /// or (when that row could not be written at the start) a whole row.
    func outcome(satSeconds sat: Int, completed: Bool) -> PendingRecord {
        // An open-ended sit's length is known once it has ended (its row said 0 while it ran):
        // its outline's, once finished with its gong; the time sat, when the service's stop
        // ended it where it stood.
        let planned = beganOpen ? (live.outline.isOpen ? sat : plannedSeconds) : nil
        if let recordID {
            return .outcome(id: recordID, satSeconds: sat, completed: completed, plannedSeconds: planned)
        }
        return .session(
            PracticeSession(
                startedAt: startedAt, kind: kind, note: storedNote, plannedSeconds: planned ?? plannedSeconds,
                satSeconds: sat, completed: completed, remark: remark, track: track))
    }

    /// Its `session-recorded` or `session-ended` event: how it ended, its kind, and its row in
    /// the history (`history`, for `history.edit`) when that row was written as it started.
    func outcomeEvent(_ name: String, completed: Bool, satSeconds sat: Int) -> JSONValue {
        var members: [String: JSONValue] = [
            "event": .string(name), "id": .number(number), "completed": .bool(completed), "satSeconds": .number(sat),
            "kind": .string(kind.rawValue)
        ]
        if let recordID { members["history"] = .number(Double(recordID)) }
        return .object(members)
    }

    /// What `status` and `session-started` say of it.
    func json(_ status: LiveStatus) -> JSONValue {
        var members: [String: JSONValue] = [
            "id": .number(number), "kind": .string(kind.rawValue), "description": .string(note),
            "descriptionParts": .array(noteParts),
            "phase": .string(status.phase.rawValue), "startedAt": .finite(startedAt),
            "elapsedSeconds": seconds(status.sessionFrame),
            "satSeconds": .number(satSeconds(status)), "plannedSeconds": .number(plannedSeconds),
            "waitingForOutput": .bool(live.isWaitingForOutput)
        ]
        if live.outline.isOpen {
            // No set end: the time counts up (`elapsedSeconds`). Nothing is said to remain, and
            // the completion gong is rung when the sitter ends it, not at the day's limit the
            // plan holds in its place.
            members["open"] = true
            if let gong = status.nextGong, gong.kind != .completion, sounds.rings(gong) {
                members["nextBell"] = bell(gong)
            }
        } else {
            members["remainingSeconds"] = seconds(status.remainingFrames)
            if let gong = status.nextGong, sounds.rings(gong) { members["nextBell"] = bell(gong) }
        }
        if let title { members["title"] = .string(title) }
        if let teacher { members["teacher"] = .string(teacher) }
        if let segment = status.segment {
            var described: [String: JSONValue] = [
                "kind": .string(segment.kind.rawValue), "index": .number(segment.index),
                "count": .number(segment.count), "remainingSeconds": seconds(segment.remainingFrames)
            ]
            if let next = segment.next {
                described["next"] = ["kind": .string(next.kind.rawValue), "seconds": seconds(next.frames)]
            }
            members["segment"] = .object(described)
        }
        return .object(members)
    }

    /// A gong as clients see it: its kind, its frame in the session, and the seconds into it.
    func bell(_ gong: SessionPlan.Gong) -> JSONValue {
        var members: [String: JSONValue] = [
            "frame": .number(gong.frame), "atSeconds": seconds(gong.frame)
        ]
        switch gong.kind {
        case .start: members["bell"] = "start"
        case let .interval(number):
            members["bell"] = "interval"
            members["number"] = .number(number)
        case .completion: members["bell"] = "completion"
        case let .transition(index, to):
            members["bell"] = "transition"
            members["segment"] = .number(index)
            members["to"] = .string(to.rawValue)
        case .bell: members["bell"] = "bell"
        }
        return .object(members)
    }

    /// The `bell` event of a gong it played: the gong as clients see it, and the instant its
    /// first sample reached the device.
    func bellEvent(_ gong: SessionPlan.Gong, status: LiveStatus) -> JSONValue {
        guard case var .object(members) = bell(gong) else { return .null }
        members["event"] = "bell"
        members["id"] = .number(number)
        members["at"] = .finite(gong.wallClock(in: live, status: status))
        return .object(members)
    }

    /// The `position` event of its track, once each whole second while it plays; nil when that
    /// second has been told (or no track plays).
    func positionEvent(_ status: LiveStatus) -> JSONValue? {
        guard let position = trackPosition(status), status.phase == .playing else { return nil }
        let second = Int(position.seconds)
        guard second != toldPosition else { return nil }
        toldPosition = second
        return [
            "event": "position", "id": .number(number), "position": .number(second),
            "duration": .finite(position.duration), "description": .string(note)
        ]
    }

    /// Seconds into the guided track the device is playing, and its length; nil when the
    /// session has no track or is past it.
    func trackPosition(_ status: LiveStatus) -> (seconds: Double, duration: Double)? {
        let track = live.outline.trackFrames
        guard track > 0, status.sessionFrame < track else { return nil }
        return (Double(max(0, status.sessionFrame)) / Double(rate), Double(track) / Double(rate))
    }

    /// The line systemd's status shows: "sitting, 12:40 left".
    func statusLine(_ status: LiveStatus) -> String {
        "\(status.phase.rawValue), \(ClockText.format(frames: status.remainingFrames, rate: rate)) left"
    }

    private func seconds(_ frames: Int) -> JSONValue { .finite(Double(frames) / Double(rate)) }
}
