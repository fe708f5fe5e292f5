import ArgumentParser
import Outputs

/// Where live audio goes: shared by every command that plays.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Sound system: auto (PulseAudio if a server answers, else ALSA), pulse or alsa.",
                               valueName: "auto|pulse|alsa"))
    var backend: OutputBackend = .auto

    @Option(help: ArgumentHelp("A PulseAudio sink or an ALSA PCM (default, dmix, plughw:1,0, …); see `meditate devices`.",
                               valueName: "name"))
    var device: String?

    @Option(name: .customLong("latency-ms"),
            help: ArgumentHelp("Device buffer to ask for, in milliseconds (20-2000).", valueName: "ms"))
    var latencyMilliseconds = 100

    func validate() throws {
        guard (20...2000).contains(latencyMilliseconds) else {
            throw ValidationError("--latency-ms must be between 20 and 2000, not \(latencyMilliseconds)")
        }
    }

    func request(sampleRate: Int) -> OutputRequest {
        OutputRequest(backend: backend, device: device, sampleRate: sampleRate,
                      latencyMilliseconds: latencyMilliseconds)
    }
}

extension OutputBackend: ExpressibleByArgument {}
