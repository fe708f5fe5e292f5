import ArgumentParser
import Foundation
import Logging
import Outputs
import Session
import Synchronization

/// `meditate render`: a whole session to a WAV file, as fast as the machine allows.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a session to a WAV file, offline, with the same mixer as live playback.",
        discussion: """
        The file appears only when the render has finished; a failed or interrupted render
        leaves nothing behind. With --guided, the file is the guided track (normalised as
        `play` plays it), then the sit that --then adds. Examples:
          meditate render --minutes 20 --interval 5 --noise white -o session.wav
          meditate render --guided "Body scan" --then 10 --interval 5 -o guided.wav
        """
    )

    @OptionGroup var session: SessionOptions
    @OptionGroup var preset: PresetOption

    @Option(name: .customLong("guided"), help: ArgumentHelp(
        "Render this guided track (an id, a title's start, or a file) instead of a timed sit.", valueName: "track"))
    var guidedTrack: String?

    @OptionGroup(title: "Guided track (with --guided)") var guided: GuidedOptions
    @OptionGroup var location: LibraryLocation

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The WAV file to write.", valueName: "path"))
    var output: String

    @Option(help: ArgumentHelp("Sample format of the file.", valueName: "s16|f32"))
    var format: SampleFormat = .s16

    @Flag(name: .shortAndLong, help: "Say nothing on success.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Log what the render does.")
    var verbose = false

    func validate() throws {
        if guidedTrack != nil {
            try Self.checkGuidedShape(session: session)
        } else if guided.thenMinutes != nil && preset.preset == nil {
            throw ValidationError("--then adds a sit after a guided track; give --guided TRACK too")
        }
    }

    /// With a guided track the sit after it is --then and --gap, not --minutes and --countdown.
    static func checkGuidedShape(session: SessionOptions) throws {
        if session.minutes != nil {
            throw ValidationError("with --guided, the sit after the track is --then MINUTES, not --minutes")
        }
        if session.countdown != nil {
            throw ValidationError("with --guided, the pause before the sit is --gap SECONDS, not --countdown")
        }
    }

    func run() throws {
        let logger = Logging.make(verbose: verbose)
        let settings = try preset.settings()
        let renderer: OfflineSessionRenderer
        let sound = session.sound.resolve(settings)
        if let guidedTrack = settings.value(SettingKeys.guided, flag: guidedTrack) {
            try Self.checkGuidedShape(session: session)
            let setup = try GuidedSetup(reference: guidedTrack, guided: guided.resolve(settings), sound: sound,
                                        library: location) { line in
                if !quiet { FileHandle.standardError.write(Data("meditate: \(line)\n".utf8)) }
            }
            logger.info("guided", metadata: ["track": "\(setup.track.path)", "gain": "\(setup.gainDescription)"])
            renderer = OfflineSessionRenderer(program: setup.program, track: setup.reader,
                                              gain: setup.normalization.linearGain, gong: setup.gong)
        } else {
            if settings.value(SettingKeys.then, flag: guided.thenMinutes) != nil {
                throw ValidationError("--then adds a sit after a guided track; give --guided TRACK too")
            }
            let plan = try SessionPlan(session.configuration(settings, sound: sound))
            let gong = try GongLoader.load(GongChoice(argument: sound.gong), sampleRate: plan.format.sampleRate)
            renderer = OfflineSessionRenderer(plan: plan, gong: gong)
        }
        let program = renderer.program
        let rate = program.format.sampleRate
        logger.info("render", metadata: ["frames": "\(renderer.totalFrames)", "gongs": "\(program.gongs.count)",
                                         "rate": "\(rate)", "format": "\(format)"])
        Interruption.install()
        let started = ContinuousClock.now
        let finished = try renderer.render(to: output, format: format,
                                           shouldContinue: { !Interruption.requested })
        guard finished else {
            FileHandle.standardError.write(Data("meditate: interrupted; nothing written\n".utf8))
            throw ExitCode(130)
        }
        logger.info("done", metadata: ["seconds": "\(ContinuousClock.now - started)"])
        if !quiet {
            let seconds = renderer.totalFrames / rate
            let line = "wrote \(output): \(seconds / 60)m\(String(format: "%02d", seconds % 60))s, "
                + "\(rate) Hz, \(format.rawValue)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}
