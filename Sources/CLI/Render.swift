import ArgumentParser
import Foundation
import Localization
import Logging
import Practice
import Session
import Settings
import Synchronization

/// `meditate render`: a whole session to a WAV file, as fast as the machine allows.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: localized(
            "Render a session to a WAV file, offline, with the same mixer as live playback.",
            de: "Schreibt eine Sitzung offline in eine WAV-Datei, mit demselben Mischer wie live."),
        discussion: localized(
            """
            The file appears only when the render has finished; a failed or interrupted render
            leaves nothing behind. With --guided, the file is the guided track (normalised as
            `play` plays it), then the sit that --then adds. Examples:
            """,
            de: """
                Die Datei erscheint erst, wenn alles geschrieben ist; ein fehlgeschlagener oder
                abgebrochener Lauf hinterlässt nichts. Mit --guided enthält die Datei die geführte
                Aufnahme (normalisiert wie bei `play`), dann das Sitzen, das --then anfügt. Beispiele:
                """) + """

                  meditate render --minutes 20 --interval 5 --noise white -o session.wav
                  meditate render --guided "Body scan" --then 10 --interval 5 -o guided.wav
                """
    )

    @OptionGroup var session: SessionOptions
    @OptionGroup var preset: PresetOption

    @Option(
        name: .customLong("guided"),
        help: .localized(
            "Render this guided track (an id, a title's start, or a file) instead of a timed sit.",
            de: "Diese geführte Aufnahme (ID, Anfang des Titels oder Datei) statt eines Sitzens mit Timer.",
            valueName: "track"))
    var guidedTrack: String?

    @OptionGroup(title: GuidedOptions.titleWithGuided) var guided: GuidedOptions
    @OptionGroup var location: LibraryLocation

    @Option(
        name: [.customShort("o"), .long],
        help: .localized("The WAV file to write.", de: "Die WAV-Datei, die geschrieben wird.", valueName: "path"))
    var output: String

    @Option(help: .localized("Sample format of the file.", de: "Sampleformat der Datei.", valueName: "s16|f32"))
    var format: OfflineSessionRenderer.FileFormat = .s16

    @Flag(name: .shortAndLong, help: .localized("Say nothing on success.", de: "Bei Erfolg nichts ausgeben."))
    var quiet = false

    @Flag(name: .shortAndLong, help: .localized("Log what the render does.", de: "Protokolliert, was das Rendern tut."))
    var verbose = false

    func validate() throws {
        if guidedTrack != nil {
            try Self.checkGuidedShape(session: session)
        } else if guided.thenMinutes != nil && preset.preset == nil {
            throw Self.thenWithoutGuided
        }
    }

    static var thenWithoutGuided: ValidationError {
        ValidationError(
            localized(
                "--then adds a sit after a guided track; give --guided TRACK too",
                de: "--then fügt nach einer geführten Aufnahme ein Sitzen an; gib auch --guided AUFNAHME an"))
    }

    /// With a guided track the sit after it is --then and --gap, not --minutes and --countdown.
    static func checkGuidedShape(session: SessionOptions) throws {
        if session.minutes != nil {
            throw ValidationError(
                localized(
                    "with --guided, the sit after the track is --then MINUTES, not --minutes",
                    de: "mit --guided ist das Sitzen nach der Aufnahme --then MINUTEN, nicht --minutes"))
        }
        if session.countdown != nil {
            throw ValidationError(
                localized(
                    "with --guided, the pause before the sit is --gap SECONDS, not --countdown",
                    de: "mit --guided ist die Pause vor dem Sitzen --gap SEKUNDEN, nicht --countdown"))
        }
    }

    func run() throws {
        let logger = LoggerFactory.make(verbose: verbose)
        let settings = try preset.settings()
        let renderer: OfflineSessionRenderer
        if let guidedTrack = settings.value(SettingKeys.guided, flag: guidedTrack) {
            try Self.checkGuidedShape(session: session)
            let setup = try GuidedSetup(
                reference: guidedTrack, guided: guided.request.resolve(settings), sound: session.sound.request,
                settings: settings, library: location.paths, realTime: false, say: NoticeLine.teller(quiet: quiet))
            logger.info("guided", metadata: ["track": "\(setup.track.path)", "gain": "\(setup.gainDescription)"])
            renderer = OfflineSessionRenderer(
                outline: setup.outline, track: setup.reader,
                gain: setup.normalization.linearGain, sounds: setup.sounds, ambience: setup.ambience)
        } else {
            if settings.value(SettingKeys.then, flag: guided.thenMinutes) != nil {
                throw Self.thenWithoutGuided
            }
            let setup = try SitSetup(
                session.request, settings: settings, library: location.paths, live: false,
                say: NoticeLine.teller(quiet: quiet))
            renderer = OfflineSessionRenderer(plan: setup.plan, sounds: setup.sounds, ambience: setup.ambience?.loop)
        }
        let outline = renderer.outline
        let rate = outline.format.sampleRate
        logger.info(
            "render",
            metadata: [
                "frames": "\(renderer.totalFrames)", "gongs": "\(outline.gongs.count)",
                "rate": "\(rate)", "format": "\(format)"
            ])
        Interruption.install()
        let started = ContinuousClock.now
        let finished = try renderer.render(
            to: output, format: format,
            shouldContinue: { !Interruption.requested })
        guard finished else {
            StandardStream.write(
                "meditate: \(localized("interrupted; nothing written", de: "abgebrochen; nichts geschrieben"))\n",
                to: STDERR_FILENO)
            throw ExitCode(FailureStatus.interrupted.rawValue)
        }
        logger.info("done", metadata: ["seconds": "\(ContinuousClock.now - started)"])
        if !quiet {
            let length = DurationText.words(seconds: renderer.totalFrames / rate)
            let line = localized(
                "wrote \(output): \(length), \(rate) Hz, \(format.rawValue)\n",
                de: "\(output) geschrieben: \(length), \(rate) Hz, \(format.rawValue)\n")
            StandardStream.write(line, to: STDERR_FILENO)
        }
    }
}
