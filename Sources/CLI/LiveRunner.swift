import Clock
import Desktop
import Foundation
import Library
import Localization
import Logging
import Practice
import Service
import Session
import Settings

/// Plays a live session to its end for a person: keys and a status line in a terminal, one log
/// line per event without one; Ctrl-C, SIGTERM and `q` end it with a fade. Shared by the timer
/// and `play`.
struct LiveRunner {
    let live: LiveSession
    let logger: Logger
    let quiet: Bool
    let color: Bool
    /// The guided track's name, for the status line.
    var title: String?
    /// The guided track's title and teacher, for the desktop's player controls (a sit's title
    /// there is `sessionName`).
    var playerTitle: String?
    var artist: String?
    /// Shown in turn while sitting, each for `affirmationSeconds`.
    var affirmations: [String] = []
    /// The sleep inhibitor and the notification at the end, on a desktop.
    var desktop: DesktopPresence?
    /// The session as the desktop names it (logind's list of inhibitors).
    var sessionName = "meditate"
    /// What the machine does once the session has run to its end (`--after suspend`).
    var after = AfterSit.stop
    /// A sleep: its log lines name no gong.
    var sleep = false
    /// When its first frame is to be heard (seconds since 1970; `--until`), else at once.
    var startsAt: Double?
    /// Its gongs' sounds: a gong of none (`--gong none`) is not named in its log lines.
    var sounds: GongSounds?

    static let affirmationSeconds = 30

    /// How far ← and → move a guided track.
    static let seekSeconds = 15

    /// Plays the session to its end, has `record` write it to the history once, and says how
    /// it went. The record is made when the completion gong rings, not after it has rung out
    /// (a signal or a lost terminal in those seconds must not cost a complete sit), or else when
    /// the session ends, whichever way it ends: also when the output fails for good.
    @discardableResult
    func run(record: (LiveOutcome) -> Void) throws -> LiveOutcome {
        let outline = live.outline
        let interactive = Terminal.isInteractive
        let terminal = interactive ? Terminal() : nil
        terminal?.enterKeyMode()
        defer { terminal?.restore() }
        var logger = self.logger
        var narrator = EventNarrator(outline: outline, logger: logger, sleep: sleep, sounds: sounds)
        var narratingHeadless = terminal == nil
        let seekFrames = Self.seekSeconds * outline.format.sampleRate
        let startedAt = Date().timeIntervalSince1970
        var recorded = false

        if let terminal, !quiet {
            // The keys, told once as the session starts (a pause tells how to resume).
            terminal.header = say(outline.hasTrack ? .keyHintGuided : .keyHint)
            terminal.writeHeader()
        }
        // A laptop on battery must not suspend mid-sit: held until the session has played out.
        let inhibitor = desktop?.inhibitSleep(name: sessionName)
        defer { inhibitor?.release() }
        // The media keys and the shell's player controls (MPRIS): their commands wait in the
        // mailbox for this loop, which alone touches the session.
        let mailbox = desktop == nil ? nil : MediaPlayerMailbox()
        let player = mailbox.flatMap { startMediaPlayer(posting: $0) }
        defer { player?.stop() }
        // What got the session ready (the argument parser, the settings, the library) does not
        // run again: its code is given back before the engine's threads start, which fault in
        // only what they run.
        CodePages.giveBack()
        try live.start(at: startsAt.map { MonotonicClock.seconds() + ($0 - Date().timeIntervalSince1970) })
        var trackFailureSaid = false
        while !live.isFinished {
            if Interruption.requested { live.end() }
            // A terminal that went away (ssh dropped, the window closed) leaves the session
            // running as if it had none: log lines instead of redraws, no keys.
            if let terminal, !terminal.isGone {
                carryOut(terminal.readKey(waitingMilliseconds: 100), seekFrames: seekFrames)
            } else {
                // Nothing is redrawn: the next poll is when the next event is due (a signal cuts
                // the wait short), which keeps the log lines timely and the process asleep.
                Interruption.wait(milliseconds: Int32(live.millisecondsUntilDue), orUntilReadable: mailbox?.descriptor)
            }
            var jumpedTo: Double?
            for command in player == nil ? [] : mailbox?.take() ?? [] {
                jumpedTo = carryOut(command) ?? jumpedTo
            }
            let events = live.poll()
            tellNotices(
                logger: logger, above: terminal.flatMap { $0.isGone || quiet ? nil : $0 },
                trackFailureSaid: &trackFailureSaid)
            let status = live.status
            if let player { update(player, status: status, jumpedTo: jumpedTo) }
            if !recorded, status.phase == .complete {
                let complete = outcome(status, startedAt: startedAt)
                record(complete)
                recorded = true
                desktop?.notifyEnded(satSeconds: complete.satSeconds)
            }
            if let terminal, terminal.isGone, !narratingHeadless {
                // The terminal went away: from here on the events are log lines, as without one.
                narratingHeadless = true
                narrator = carryOnHeadless(logger: &logger)
            }
            if let terminal, !terminal.isGone, !quiet {
                draw(status, on: terminal)
            } else {
                for event in events { narrator.log(event, status: status) }
            }
        }
        _ = live.poll()
        terminal?.clearLine()
        let result = outcome(live.status, startedAt: startedAt)
        if !recorded { record(result) }
        if let failure = live.failure { throw failure }
        report(result, terminal: terminal, logger: logger)
        // Once its sound has played out, and only after a session that ran to its end.
        if after == .suspend, result.completed {
            inhibitor?.release()
            desktop?.suspend()
        }
        return result
    }

    /// Tells what the session noticed (its output gone or back, a bed that could not be read),
    /// and a guided track's failure once, which ends the session. In a terminal with a status
    /// line (`above`), a notice is a whole line above it; without one, or with standard error
    /// elsewhere, it is logged, a warning as one and the output back as information.
    private func tellNotices(logger: Logger, above terminal: Terminal?, trackFailureSaid: inout Bool) {
        // Standard error sent elsewhere than the terminal (a file) keeps its log lines too.
        let logsApart = terminal == nil || isatty(STDERR_FILENO) != 1
        for notice in live.takeNotices() {
            terminal?.writeAbove("meditate: \(notice.line)")
            guard logsApart else { continue }
            if notice.isWarning {
                logger.warning("\(notice.line)")
            } else {
                logger.notice("\(notice.line)")
            }
        }
        if !trackFailureSaid, let failure = live.trackFailure {
            terminal?.writeAbove("meditate: error: \(ErrorMessages.line(for: failure))")
            if logsApart { logger.error("\(ErrorMessages.line(for: failure))") }
            trackFailureSaid = true
            live.end()
        }
    }

    /// Says that the terminal is gone, and returns the narrator of log lines that takes over from
    /// the status line; `logger` now lets its notices through (unless --quiet).
    private func carryOnHeadless(logger: inout Logger) -> EventNarrator {
        if !quiet && logger.logLevel > .notice { logger.logLevel = .notice }
        logger.notice(
            "\(localized("the terminal is gone; carrying on without it", de: "das Terminal ist weg; es geht ohne weiter"))"
        )
        return EventNarrator(outline: live.outline, logger: logger, sleep: sleep, sounds: sounds)
    }

    /// How the session went, as the history records it.
    private func outcome(_ status: LiveStatus, startedAt: Double) -> LiveOutcome {
        let rate = live.outline.format.sampleRate
        return LiveOutcome(
            startedAt: startedAt, satSeconds: (status.satFrames + rate / 2) / rate,
            // An open-ended sit's length is known once it has ended; ended before its start
            // gong, it has none (its outline still reaches the day's limit).
            plannedSeconds: live.outline.isOpen ? 0 : live.outline.practiceFrames / rate,
            completed: status.phase == .complete)
    }

    /// The media keys and the shell's player controls (MPRIS) for this session, their commands
    /// posted to `mailbox`; nil where the bus cannot be had.
    private func startMediaPlayer(posting mailbox: MediaPlayerMailbox) -> MediaPlayerBus? {
        desktop?.startMediaPlayer(
            name: MediaPlayerBus.busName(service: false),
            state: DesktopPresence.mediaState(
                of: live, status: live.status, title: playerTitle ?? sessionName, artist: artist)
        ) { mailbox.post($0) }
    }

    /// Tells the desktop's player controls where the session is (where a seek of theirs took it).
    private func update(_ player: MediaPlayerBus, status: LiveStatus, jumpedTo: Double?) {
        var state = DesktopPresence.mediaState(
            of: live, status: status, title: playerTitle ?? sessionName, artist: artist)
        if let jumpedTo { state.positionSeconds = jumpedTo }
        player.update(state, jumped: jumpedTo != nil)
    }

    /// Carries out a key the person pressed: space pauses and resumes, q or Escape ends, ← and →
    /// move a guided track.
    private func carryOut(_ key: Terminal.Key?, seekFrames: Int) {
        switch key {
        case .character(UInt8(ascii: " "))?: live.togglePause()
        case .character(UInt8(ascii: "q"))?, .character(UInt8(ascii: "Q"))?, .escape?:
            // Once complete, the gong rings out for many seconds: q leaves now, with the early
            // end's short fade (an open sit's `end()` would let it ring on).
            if live.status.phase == .complete { live.endPromptly() } else { live.end() }
        case .left?: live.seek(byFrames: -seekFrames)
        case .right?: live.seek(byFrames: seekFrames)
        default: break
        }
    }

    /// Redraws the status line, with the affirmation of this half minute.
    private func draw(_ status: LiveStatus, on terminal: Terminal) {
        let turn = status.satFrames / live.outline.format.sampleRate / Self.affirmationSeconds
        let affirmation: String? = affirmations.isEmpty ? nil : affirmations[turn % affirmations.count]
        // The width is read at each redraw: the window may be resized mid-sit.
        let width = Terminal.columns
        let room = affirmations.lazy.map(\.count).max() ?? 0
        let line = StatusLine(
            color: color, width: width, affirmationRoom: room, tellsRingOut: live.outline.sit != nil, sleep: sleep
        ).render(
            status, outline: live.outline, title: title, affirmation: affirmation,
            waitingForOutput: live.isWaitingForOutput)
        terminal.draw(line, width: width)
    }

    /// The figures for --verbose, and how it went in one line: printed under the terminal's
    /// last line, or logged without one.
    private func report(_ result: LiveOutcome, terminal: Terminal?, logger: Logger) {
        let rate = live.outline.format.sampleRate
        if let first = live.firstBufferTime {
            logger.info("first buffer written at \(String(format: "%.6f", first)) (seconds since 1970)")
        }
        logger.info("underruns: \(live.underruns)")
        if live.isStreamed { logger.info("stream underruns (track, ambience): \(live.trackUnderruns)") }
        guard !quiet else { return }
        let sat = DurationText.words(seconds: result.satSeconds)
        let planned = DurationText.words(seconds: live.outline.practiceFrames / rate)
        let line =
            if result.completed, sleep {
                // Nothing was sat: the sound played its minutes and fell silent.
                say(.summarySleepComplete, ["sat": sat])
            } else if result.completed {
                say(.summaryComplete, ["sat": sat])
            } else if live.outline.isOpen {
                // No set end to fall short of (not the day's limit that stands in for it).
                say(.summaryEndedEarlyOpen, ["sat": sat])
            } else {
                say(.summaryEndedEarly, ["sat": sat, "planned": planned])
            }
        if let terminal, !terminal.isGone {
            print(line)
        } else {
            logger.notice("\(line)")
        }
    }

    /// Carries out what the desktop's controls asked, as the keys would; the position a seek
    /// moved to (seconds of practice), if one did.
    private func carryOut(_ command: MediaPlayerCommand) -> Double? {
        let rate = Double(live.outline.format.sampleRate)
        switch command {
        case .play: if live.isPaused { live.resume() }
        case .pause: if !live.isPaused { live.pause() }
        case .playPause: live.togglePause()
        case .stop: live.end()
        case let .seek(bySeconds: seconds):
            let from = Double(live.status.satFrames) / rate
            if live.seek(byFrames: Int((seconds * rate).rounded())) { return max(0, from + seconds) }
        case let .seekTo(seconds: seconds):
            if live.seek(toFrame: Int((seconds * rate).rounded())) { return seconds }
        }
        return nil
    }
}
