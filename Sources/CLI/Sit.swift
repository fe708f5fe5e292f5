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

    @OptionGroup var reporting: LiveReportingOptions

    func run() throws {
        let logger = reporting.makeLogger()
        let plan = try SessionPlan(session.configuration)
        let gong = try GongLoader.load(GongChoice(argument: session.sound.gong), sampleRate: plan.format.sampleRate)
        Interruption.install()
        let live = try LiveSession(plan: plan, gong: gong, output: output.request(sampleRate: plan.format.sampleRate))
        logger.info("output: \(live.outputSummary)")

        try LiveRunner(live: live, logger: logger, quiet: reporting.quiet, color: reporting.color).run()
    }
}
