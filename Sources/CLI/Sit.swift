import ArgumentParser
import Control
import Foundation
import Library
import Localization
import Logging
import Practice
import Service
import Session
import Settings

/// `meditate` / `meditate sit`: the live timer.
struct Sit: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named, not derived from the type: ArgumentParser derives a name by reflection, which
        // costs every run a millisecond or more of runtime type lookups.
        commandName: "sit",
        abstract: localized(
            "Sit with the timer: countdown, start gong, interval bells, completion gong.",
            de: "Sitzen mit dem Timer: Vorlauf, Startgong, Intervallglocken, Schlussgong."),
        discussion: localized(
            """
            In a terminal a status line shows where you are; space pauses and resumes, q or Ctrl-C ends (the sound fades out and the time sat is printed). Without a terminal (systemd, cron, a pipe) each event is one timestamped line on stderr, and SIGTERM ends the session like q.

            Examples:
            """,
            de: """
                Im Terminal zeigt eine Statuszeile, wo du bist; die Leertaste pausiert und setzt fort, q oder Strg-C beendet (der Klang blendet aus, und die gesessene Zeit wird ausgegeben). Ohne Terminal (systemd, cron, eine Pipe) ist jedes Ereignis eine Zeile mit Zeitstempel auf stderr, und SIGTERM beendet die Sitzung wie q.

                Beispiele:
                """) + """

                  meditate --minutes 20 --interval 5 --noise white
                  meditate sit --minutes 10 --backend alsa --device default
                """
    )

    @OptionGroup var session: SessionOptions
    @OptionGroup var preset: PresetOption
    @OptionGroup(title: OutputOptions.title) var output: OutputOptions

    @OptionGroup var reporting: LiveReportingOptions

    @Flag(
        help: .localized(
            "Play in this process even when a service (`meditate serve`) runs; without it, a running service plays the sit and this terminal follows it. Giving --backend, --device or --latency-ms plays here too.",
            de:
                "Spielt in diesem Prozess, auch wenn ein Dienst (`meditate serve`) läuft; ohne dies spielt ein laufender Dienst das Sitzen, und dieses Terminal folgt ihm. Mit --backend, --device oder --latency-ms wird ebenfalls hier gespielt."
        ))
    var standalone = false

    func run() throws {
        var request = session.request
        request.preset = preset.preset
        let settings = try request.settings()
        if let track = settings.value(SettingKeys.guided, flag: nil) {
            // A preset that holds a guided track plays it, as `meditate play` would.
            if session.minutes != nil || session.countdown != nil {
                throw ValidationError(
                    localized(
                        "this preset plays a guided track; --minutes and --countdown shape a timed sit",
                        de:
                            "diese Vorlage spielt eine geführte Aufnahme; --minutes und --countdown gelten für ein Sitzen mit Timer"
                    ))
            }
            try GuidedLive.run(
                reference: track, playback: GuidedRequest().resolve(settings),
                sound: request.sound, output: output, reporting: reporting,
                location: LibraryLocation.parse([]), settings: settings)
            return
        }
        let logger = reporting.makeLogger()
        let socket = ServicePaths.defaultSocket()
        let handedOver = !standalone && output.givenValues.isEmpty && ControlClient.answers(at: socket)
        if !handedOver, let rate = output.deviceRate(settings: settings, flag: request.sound[SettingKeys.sampleRate]) {
            request.sound[SettingKeys.sampleRate] = rate
        }
        if handedOver {
            // The service makes the sit ready; here only its plan, for the status line to follow.
            let plan = try SessionPlan(request.configuration(settings))
            Interruption.install()
            return try ServiceFollower(
                socket: socket, outline: SessionOutline(plan), logger: logger, quiet: reporting.quiet,
                color: reporting.color
            ).run("sit.start", params: JSONValue(encoding: request.withClientPaths))
        }
        let library = LibraryPaths(environment: ProcessEnvironment.variables)
        let setup = try SitSetup(
            request, settings: settings, library: library, live: true, say: NoticeLine.teller(quiet: reporting.quiet))
        Interruption.install()
        let configuration = setup.configuration
        let ambience = setup.ambience
        let live = try LiveSession(
            plan: setup.plan, sounds: setup.sounds, ambience: ambience?.loop,
            output: .request(
                output.choice.request(
                    sampleRate: setup.plan.format.sampleRate, settings: settings,
                    streamName: SitDescription.streamName(configuration, ambience: ambience))))
        logger.info("\(localized("output", de: "Ausgabe")): \(live.outputSummary)")

        try LiveRunner(
            live: live, logger: logger, quiet: reporting.quiet, color: reporting.color,
            affirmations: reporting.affirmations(settings),
            desktop: DesktopPresence(
                logger: logger, notify: settings.value(SettingKeys.notify, flag: nil), library: library),
            sessionName: SitDescription.streamName(configuration, ambience: ambience)
        ).run { outcome in
            outcome.record(
                kind: .timer, note: SitDescription.stored(configuration, ambience: ambience), library: library,
                logger: logger)
        }
    }
}
