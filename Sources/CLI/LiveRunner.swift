import Foundation
import Library
import Logging
import Session

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
    /// Shown in turn while sitting, each for `affirmationSeconds`.
    var affirmations: [String] = []

    static let affirmationSeconds = 30

    /// How far ← and → move a guided track.
    static let seekSeconds = 15

    /// Plays the session to its end and says how it went.
    @discardableResult
    func run() throws -> LiveOutcome {
        let program = live.program
        let interactive = Terminal.isInteractive
        let terminal = interactive ? Terminal() : nil
        terminal?.enterKeyMode()
        defer { terminal?.restore() }
        let statusLine = StatusLine(color: color, width: Terminal.columns)
        let narrator = EventNarrator(program: program, logger: logger)
        let seekFrames = Self.seekSeconds * program.format.sampleRate

        let startedAt = Date().timeIntervalSince1970
        try live.start()
        var trackFailureSaid = false
        while !live.isFinished {
            if Interruption.requested { live.end() }
            if let terminal {
                switch terminal.readKey(waitingMilliseconds: 100) {
                case .character(UInt8(ascii: " "))?: live.togglePause()
                case .character(UInt8(ascii: "q"))?, .character(UInt8(ascii: "Q"))?, .escape?: live.end()
                case .left?: live.seek(byFrames: -seekFrames)
                case .right?: live.seek(byFrames: seekFrames)
                default: break
                }
            } else {
                // Nothing is redrawn: the next poll is when the next event is due (a signal cuts
                // the wait short), which keeps the log lines timely and the process asleep.
                Interruption.wait(milliseconds: Int32(live.millisecondsUntilDue))
            }
            let events = live.poll()
            for notice in live.takeNotices() { logger.warning("\(notice.line)") }
            if !trackFailureSaid, let failure = live.trackFailure {
                logger.error("\(ErrorMessages.line(for: failure))")
                trackFailureSaid = true
                live.end()
            }
            if let terminal, !quiet {
                let status = live.status
                let turn = status.satFrames / program.format.sampleRate / Self.affirmationSeconds
                let affirmation: String? = affirmations.isEmpty ? nil : affirmations[turn % affirmations.count]
                terminal.draw(statusLine.render(status, program: program, title: title, affirmation: affirmation))
            } else {
                for event in events { narrator.log(event, status: live.status) }
            }
        }
        _ = live.poll()
        terminal?.clearLine()
        if let failure = live.failure { throw failure }
        if let first = live.firstBufferTime {
            logger.info("first buffer written at \(String(format: "%.6f", first)) (seconds since 1970)")
        }
        logger.info("underruns: \(live.underruns)")
        if program.hasTrack { logger.info("track stream underruns: \(live.trackUnderruns)") }
        let status = live.status
        let rate = program.format.sampleRate
        let outcome = LiveOutcome(startedAt: startedAt, satSeconds: (status.satFrames + rate / 2) / rate,
                                  plannedSeconds: (program.trackFrames + program.sitFrames) / rate,
                                  completed: status.phase == .complete)
        guard !quiet else { return outcome }
        let sat = ClockText.format(seconds: outcome.satSeconds)
        let planned = ClockText.format(frames: program.trackFrames + program.sitFrames, rate: rate)
        let line = outcome.completed ? say(.summaryComplete, ["sat": sat]) : say(.summaryEndedEarly, ["sat": sat, "planned": planned])
        if interactive {
            print(line)
        } else {
            logger.notice("\(line)")
        }
        return outcome
    }
}

/// How a live session went: what the practice history records.
struct LiveOutcome {
    /// Seconds since 1970.
    let startedAt: Double
    let satSeconds: Int
    let plannedSeconds: Int
    let completed: Bool

    /// Adds the session to the practice history. A history that cannot be written costs the
    /// record, not the session: it is said on the log and the run still succeeds.
    func record(kind: PracticeSession.Kind, note: String, library: LibraryPaths, logger: Logger) {
        let session = PracticeSession(startedAt: startedAt, kind: kind, note: note, plannedSeconds: plannedSeconds,
                                      satSeconds: satSeconds, completed: completed)
        do {
            try LibraryDatabase(path: library.database).record(session)
        } catch {
            logger.error("\(say(.notRecorded, ["reason": ErrorMessages.line(for: error)]))")
        }
    }
}
