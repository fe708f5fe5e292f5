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
    @OptionGroup var live: LiveSitOptions
    @OptionGroup var remark: RemarkOption
    @OptionGroup(title: OutputOptions.title) var output: OutputOptions

    @OptionGroup var reporting: LiveReportingOptions

    @Flag(
        help: .localized(
            "Play in this process even when a service (`meditate serve`) runs; without it, a running service plays the sit and this terminal follows it. Giving --backend, --device or --latency-ms plays here too.",
            de:
                "Spielt in diesem Prozess, auch wenn ein Dienst (`meditate serve`) läuft; ohne dies spielt ein laufender Dienst das Sitzen, und dieses Terminal folgt ihm. Mit --backend, --device oder --latency-ms wird ebenfalls hier gespielt."
        ))
    var standalone = false

    @Option(
        help: .localized(
            "Sit on a paired service on another machine (its name, host or host:port), followed here with its status line and keys.",
            de:
                "Sitzt auf einem gekoppelten Dienst auf einem anderen Rechner (sein Name, Rechner oder Rechner:Port), hier verfolgt mit Statuszeile und Tasten.",
            valueName: "name"))
    var host: String?

    func run() throws {
        var request = session.request
        request.preset = preset.preset
        live.apply(to: &request)
        request.remark = try remark.checked()
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
        try LiveSit.play(
            request, settings: settings, output: output, reporting: reporting, standalone: standalone, host: host)
    }
}
