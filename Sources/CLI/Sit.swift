import ArgumentParser
import Foundation
import Logging
import Outputs
import Session

/// `meditate` / `meditate sit`: the live timer.
struct Sit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sit with the timer: countdown, start gong, interval bells, completion gong (the default).",
        discussion: """
        In a terminal a status line shows where you are; space pauses and resumes, q or Ctrl-C ends (the sound fades out and the time sat is printed). Without a terminal (systemd, cron, a pipe) each event is one timestamped line on stderr, and SIGTERM ends the session like q.

        Examples:
          meditate --minutes 20 --interval 5 --noise white
          meditate sit --minutes 10 --backend alsa --device default
        """
    )

    @OptionGroup var session: SessionOptions
    @OptionGroup(title: "Output") var output: OutputOptions

    @Flag(name: .shortAndLong, help: "No status line and no summary; errors only.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Log the device, its negotiated buffer and underruns.")
    var verbose = false

    @Flag(name: .customLong("no-color"), help: "No colours (also when NO_COLOR is set).")
    var noColor = false

    func run() throws {
        let interactive = Terminal.isInteractive
        let logger = Logging.make(level: quiet ? .error : verbose ? .info : interactive ? .warning : .notice)
        let plan = try SessionPlan(session.configuration)
        let gong = try GongLoader.load(GongChoice(argument: session.gong), sampleRate: plan.format.sampleRate)
        Interruption.install()
        let live = try LiveSession(plan: plan, gong: gong, output: output.request(sampleRate: plan.format.sampleRate))
        logger.info("output: \(live.outputSummary)")

        let terminal = interactive ? Terminal() : nil
        terminal?.enterKeyMode()
        defer { terminal?.restore() }
        let colorAllowed = !noColor && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let statusLine = StatusLine(color: colorAllowed, width: Terminal.columns)
        let narrator = EventNarrator(plan: plan, logger: logger)

        live.start()
        while !live.isFinished {
            if Interruption.requested { live.end() }
            if let terminal {
                switch terminal.readKey(waitingMilliseconds: 100) {
                case UInt8(ascii: " ")?: live.togglePause()
                case UInt8(ascii: "q")?, UInt8(ascii: "Q")?, 0x1B?: live.end()
                default: break
                }
            } else {
                Thread.sleep(forTimeInterval: 0.1)
            }
            let events = live.poll()
            for notice in live.takeNotices() { logger.warning("\(notice)") }
            if let terminal, !quiet {
                terminal.draw(statusLine.render(live.status, plan: plan))
            } else {
                for event in events { narrator.log(event, status: live.status) }
            }
        }
        _ = live.poll()
        terminal?.clearLine()
        if let failure = live.failure { throw failure }
        let status = live.status
        if let first = live.firstBufferTime {
            logger.info("first buffer written at \(String(format: "%.6f", first)) (seconds since 1970)")
        }
        logger.info("underruns: \(live.underruns)")
        if !quiet {
            let sat = ClockText.format(seconds: status.satFrames / plan.format.sampleRate)
            let planned = ClockText.format(frames: plan.completionFrame - plan.startFrame, rate: plan.format.sampleRate)
            let line = status.phase == .complete ? "complete: sat \(sat)" : "ended early: sat \(sat) of \(planned)"
            if interactive {
                print(line)
            } else {
                logger.notice("\(line)")
            }
        }
    }
}
