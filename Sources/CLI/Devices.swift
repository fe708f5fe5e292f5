import ArgumentParser
import Outputs

/// `meditate devices`: what `--device` can name, per backend.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the PulseAudio sinks and ALSA devices that --device can name.")

    func run() throws {
        print("PulseAudio (--backend pulse --device NAME):")
        do {
            let sinks = try DeviceCatalog.pulseSinks()
            if sinks.isEmpty { print("  (no sinks)") }
            for sink in sinks { print("  \(sink.name)\(sink.description.isEmpty ? "" : "  \(sink.description)")") }
        } catch {
            print("  (no server: \(error.localizedDescription))")
        }
        print("ALSA (--backend alsa --device NAME):")
        let pcms = DeviceCatalog.alsaPCMs()
        if pcms.isEmpty { print("  (none)") }
        for pcm in pcms { print("  \(pcm.name)\(pcm.description.isEmpty ? "" : "  \(pcm.description)")") }
    }
}
