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

/// A timed sit (or a sleep) played live for a person: handed to a running service, which this
/// terminal then follows, or played in this process. Shared by `meditate sit` and `meditate sleep`.
enum LiveSit {
    static func play(
        _ request: SitRequest, settings: Settings, output: OutputOptions, reporting: LiveReportingOptions,
        standalone: Bool, host: String? = nil
    ) throws {
        var request = request
        let logger = reporting.makeLogger()
        let socket = ServicePaths.defaultSocket()
        if host != nil && (standalone || !output.givenValues.isEmpty) {
            throw ValidationError(
                localized(
                    "--host plays on that machine; --standalone and the output's options are this machine's",
                    de: "--host spielt auf jenem Rechner; --standalone und die Optionen der Ausgabe gelten für diesen"))
        }
        let service: FollowedService = host.map { .remote($0) } ?? .socket(socket)
        let handedOver =
            host != nil || !standalone && output.givenValues.isEmpty && ControlClient.answers(at: socket)
        if !handedOver, let rate = output.deviceRate(settings: settings, flag: request.sound[SettingKeys.sampleRate]) {
            request.sound[SettingKeys.sampleRate] = rate
        }
        // `--until`: the length as of now, and the instant its first frame is to be heard.
        let fixed = try request.fixingUntil(settings, now: Date().timeIntervalSince1970)
        if handedOver {
            // A service on this machine: a file named that is not here is said as a sit played here says it.
            if host == nil { try request.withClientPaths.sound.checkedHere() }
            // The service makes the sit ready (and fixes an `until` itself, as of when it gets
            // it); here only its plan, for the status line to follow.
            let plan = try SessionPlan((fixed?.request ?? request).configuration(settings))
            Interruption.install()
            let ended = try ServiceFollower(
                service: service, outline: SessionOutline(plan), logger: logger, quiet: reporting.quiet,
                color: reporting.color
            ).run("sit.start", params: JSONValue(encoding: request.withClientPaths))
            if ended != nil,
                EndNotePrompt.shouldAsk(quiet: reporting.quiet, sleep: request.sleep, given: request.remark)
            {
                EndNotePrompt.askAndKeep(on: try service.connect(), logger: logger)
            }
            return
        }
        let asked = request
        if let fixed { request = fixed.request }
        let library = LibraryPaths(environment: ProcessEnvironment.variables).keepingHistory(as: settings)
        var setup = try SitSetup(
            request, settings: settings, library: library, live: true, say: NoticeLine.teller(quiet: reporting.quiet))
        var startsAt = fixed?.startsAt
        // Ready now: its length fixed again from this instant, however long that took.
        if fixed != nil, let again = try setup.fixingUntil(asked, settings: settings, now: Date().timeIntervalSince1970)
        {
            (setup, startsAt) = again
        }
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

        var recorded: Int64?
        try LiveRunner(
            live: live, logger: logger, quiet: reporting.quiet, color: reporting.color,
            // A sleep shows no affirmation and ends without a word on the desktop.
            affirmations: request.sleep ? [] : reporting.affirmations(settings),
            desktop: DesktopPresence(
                logger: logger, settings: settings, library: library,
                notify: request.sleep ? false : nil),
            sessionName: SitDescription.streamName(configuration, ambience: ambience),
            after: settings.value(SettingKeys.after, flag: request.after), sleep: request.sleep,
            startsAt: startsAt, sounds: setup.sounds
        ).run { outcome in
            recorded = outcome.record(
                kind: request.sleep ? .sleep : .timer, note: SitDescription.stored(configuration, ambience: ambience),
                remark: request.remark ?? "", library: library, logger: logger)
        }
        if let recorded, EndNotePrompt.shouldAsk(quiet: reporting.quiet, sleep: request.sleep, given: request.remark) {
            EndNotePrompt.askAndKeep(id: recorded, library: library, logger: logger)
        }
    }
}
