import Clock
import Control
import Foundation
import Localization
import Logging
import Practice
import Service
import Session
import Settings

/// `meditate sit` and `meditate play` when a service answers on the user's socket: the session
/// is the service's (it owns the speaker, records the session, and plays on if this terminal
/// closes); this terminal shows it with the same status line, made from the program as this
/// process plans it and the service's place in it, and steers it: space pauses and resumes,
/// q or Ctrl-C ends it. A hang-up or SIGTERM leaves it playing.
struct ServiceFollower {
    let service: FollowedService
    let outline: SessionOutline
    /// The guided track's name, for the status line.
    var title: String?
    let logger: Logger
    let quiet: Bool
    let color: Bool

    /// How often the status line asks the service where the sit is.
    static let statusMilliseconds = 250

    /// Starts the session with `method` (`sit.start`, `play.start`) and follows it to its end.
    /// - Returns: the session's `session-ended` event, or nil when this terminal left it playing
    ///   (SIGTERM, a hang-up) or it never started.
    @discardableResult
    func run(_ method: String, params: JSONValue) throws -> JSONValue? {
        var (events, control) = try connections()
        guard let started = try start(method, params, control: control, events: events) else {
            leave(nil, signal: Interruption.lastSignal)
            return nil
        }
        guard let id = started["session"]?["id"]?.intValue else {
            throw ControlError.badReply("\(method) gave no session id")
        }
        let description = CtlText.description(of: started["session"])
        logger.notice(
            "\(localized("playing in the service", de: "spielt im Dienst")) (\(service.label)): \(description)")
        let interactive = Terminal.isInteractive
        let terminal = interactive ? Terminal() : nil
        terminal?.enterKeyMode()
        defer { terminal?.restore() }
        if let terminal, !quiet {
            terminal.header = say(outline.hasTrack ? .keyHintGuided : .keyHint)
            terminal.writeHeader()
        }
        var phase = SessionPhase.countdown
        var stopAsked = false
        var lastStatus = 0.0
        var lastHeard = MonotonicClock.seconds()
        var ended: JSONValue?
        while ended == nil {
            if Interruption.requested {
                // Ctrl-C ends the session, which is then followed to its end; a hang-up or
                // SIGTERM (also after a Ctrl-C) leaves it playing.
                let signal = Interruption.lastSignal
                if signal != SIGINT {
                    leave(terminal, signal: signal)
                    return nil
                }
                if !stopAsked {
                    stopAsked = true
                    _ = try? control.call("stop")
                }
            }
            if let terminal, terminal.isGone {
                leave(terminal, signal: SIGHUP)
                return nil
            }
            if let terminal {
                switch terminal.readKey(waitingMilliseconds: 100) {
                case .character(UInt8(ascii: " "))?:
                    _ = try? control.call(phase == .paused ? "resume" : "pause")
                case .character(UInt8(ascii: "q"))?, .character(UInt8(ascii: "Q"))?, .escape?:
                    stopAsked = true
                    _ = try? control.call("stop")
                default: break
                }
            }
            do {
                while let event = try events.nextEvent(timeoutMilliseconds: terminal == nil ? 250 : 0) {
                    if event["id"]?.intValue == id, event["event"] == "session-ended" { ended = event }
                    // A log line per transition; a track's position each second would drown them.
                    if terminal == nil, event["event"] != "position",
                        event["id"]?.intValue == id || event["session"]?["id"]?.intValue == id
                    {
                        // The log line has its time already.
                        logger.notice("\(CtlText.eventWords(event))")
                    }
                    if ended != nil { break }
                }
                // A network that goes quiet closes nothing: a remote service is asked now and
                // then, so that a lost connection is noticed even with no status line.
                if case .remote = service, ended == nil,
                    MonotonicClock.seconds() - lastHeard >= RemoteRetry.aliveSeconds
                {
                    _ = try control.call("status", timeoutMilliseconds: Int(RemoteRetry.aliveSeconds * 1000))
                    lastHeard = MonotonicClock.seconds()
                }
            } catch {
                guard case .remote = service else { throw error }
                guard let resumed = reconnect(after: error, terminal: terminal) else {
                    leave(terminal, signal: Interruption.lastSignal)
                    return nil
                }
                (events, control) = resumed
                lastHeard = MonotonicClock.seconds()
                // Ended while this terminal was away: its outcome is the history's newest sit.
                if (try? ours(id, in: control.call("status"))) == nil {
                    let newest = (try? control.call("history.list", ["newest": 1]))?["sessions"]
                    if case let .array(sessions)? = newest, let last = sessions.last {
                        ended = last
                    } else {
                        ended = ["satSeconds": 0, "completed": false]
                    }
                }
            }
            guard ended == nil, let terminal, !quiet else { continue }
            let now = MonotonicClock.seconds()
            guard (now - lastStatus) * 1000 >= Double(Self.statusMilliseconds) else { continue }
            lastStatus = now
            phase = draw(id, control: control, on: terminal) ?? phase
        }
        terminal?.clearLine()
        report(ended, interactive: terminal != nil)
        return ended
    }

    /// The follower's two connections: one subscribed to the events, one for its calls, in this
    /// terminal's language (the service's refusals, and the sit's words in the history).
    private func connections() throws -> (events: ControlClient, control: ControlClient) {
        let events = try service.connect()
        _ = try events.call("subscribe")
        let control = try service.connect()
        _ = try control.call("hello", ["lang": .string(Language.current.rawValue)])
        return (events, control)
    }

    /// A remote service's connection lost: tried again (`RemoteRetry`), the sit playing on
    /// there; nil when given up or interrupted.
    private func reconnect(
        after error: any Error, terminal: Terminal?
    ) -> (events: ControlClient, control: ControlClient)? {
        terminal?.clearLine()
        do {
            return try RemoteRetry.again(
                service.label, after: error, say: { logger.warning("\($0)") }, connect: connections)
        } catch {
            logger.warning("\(error.description)")
            return nil
        }
    }

    /// Asks the service where session `id` is and draws its status line; its phase, or nil when
    /// the service did not say.
    private func draw(_ id: Int, control: ControlClient, on terminal: Terminal) -> SessionPhase? {
        guard let session = try? ours(id, in: control.call("status")) else { return nil }
        let status = self.status(of: session)
        let width = Terminal.columns
        let line = StatusLine(color: color, width: width, sleep: session["kind"] == "sleep").render(
            status, outline: outline, title: title, waitingForOutput: session["waitingForOutput"] == true)
        terminal.draw(line, width: width)
        return status.phase
    }

    /// The line that says how the session ended (`session-ended`'s event), printed in a
    /// terminal and logged without one.
    private func report(_ ended: JSONValue?, interactive: Bool) {
        guard !quiet, let ended else { return }
        let sat = DurationText.words(seconds: ended["satSeconds"]?.intValue ?? 0)
        let planned = DurationText.words(seconds: outline.practiceFrames / outline.format.sampleRate)
        let line =
            if ended["completed"] == true {
                say(.summaryComplete, ["sat": sat])
            } else if outline.isOpen {
                say(.summaryEndedEarlyOpen, ["sat": sat])
            } else {
                say(.summaryEndedEarly, ["sat": sat, "planned": planned])
            }
        if interactive { print(line) } else { logger.notice("\(line)") }
    }

    /// Asks the service to start the session, and returns its answer; nil when SIGTERM or a
    /// hang-up came first. The answer comes when the session starts, which may wait for a long
    /// file to be measured: meanwhile Ctrl-C stops it (it never starts, and the service says
    /// so), and SIGTERM or a hang-up leaves it to the service.
    private func start(
        _ method: String, _ params: JSONValue, control: ControlClient, events: ControlClient
    ) throws -> JSONValue? {
        var stopAsked = false
        let meanwhile = { () -> Bool in
            guard Interruption.requested else { return true }
            guard Interruption.lastSignal == SIGINT else { return false }
            if !stopAsked {
                stopAsked = true
                _ = try? events.call("stop")
            }
            return true
        }
        // Through a Result: a typed `catch .abandoned` returning from here crashed Swift 6.3's SILGen.
        let answer: Result<JSONValue, ControlError>
        do throws(ControlError) {
            answer = .success(
                try control.call(
                    method, params, timeoutMilliseconds: StartAnswerTime.milliseconds(for: method) ?? 10_000,
                    meanwhile: meanwhile))
        } catch {
            answer = .failure(error)
        }
        switch answer {
        case let .success(started): return started
        case .failure(.abandoned): return nil
        case let .failure(error): throw error
        }
    }

    /// The terminal closed, or SIGTERM: this follower goes; the sit plays on in the service.
    private func leave(_ terminal: Terminal?, signal: Int32) {
        terminal?.clearLine()
        logger.notice(
            "\(localized("the sit goes on in the service", de: "das Sitzen geht im Dienst weiter")) (signal \(signal))")
    }

    /// Our session in a `status` reply: the one that owns the audio, or a held one.
    private func ours(_ id: Int, in status: JSONValue) -> JSONValue? {
        if status["session"]?["id"]?.intValue == id { return status["session"] }
        if case let .array(held)? = status["held"] { return held.first { $0["id"]?.intValue == id } }
        return nil
    }

    /// The service's session as the status line takes it, its frames from its seconds (as
    /// `LiveSession.status` makes them from the device's).
    private func status(of session: JSONValue) -> LiveStatus {
        let rate = Double(outline.format.sampleRate)
        let frame = Int(((session["elapsedSeconds"]?.numberValue ?? 0) * rate).rounded())
        let phase = session["phase"]?.stringValue.flatMap(SessionPhase.init(rawValue:)) ?? .countdown
        return outline.status(phase: phase, at: frame)
    }
}
