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
        leaves nothing behind. Example:
          meditate render --minutes 20 --interval 5 --noise white -o session.wav
        """
    )

    @OptionGroup var session: SessionOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The WAV file to write.", valueName: "path"))
    var output: String

    @Option(help: ArgumentHelp("Sample format of the file.", valueName: "s16|f32"))
    var format: SampleFormat = .s16

    @Flag(name: .shortAndLong, help: "Say nothing on success.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Log what the render does.")
    var verbose = false

    func run() throws {
        let logger = Logging.make(verbose: verbose)
        let plan = try SessionPlan(session.configuration)
        let gong = try GongLoader.load(GongChoice(argument: session.gong), sampleRate: plan.format.sampleRate)
        let renderer = OfflineSessionRenderer(plan: plan, gong: gong)
        logger.info("render", metadata: ["frames": "\(renderer.totalFrames)", "gongs": "\(plan.gongs.count)",
                                         "rate": "\(plan.format.sampleRate)", "format": "\(format)"])
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
            let seconds = renderer.totalFrames / plan.format.sampleRate
            let line = "wrote \(output): \(seconds / 60)m\(String(format: "%02d", seconds % 60))s, "
                + "\(plan.format.sampleRate) Hz, \(format.rawValue)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}
