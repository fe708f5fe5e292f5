import ArgumentParser
import Outputs
import Settings

/// `meditate devices`: what `--device` can name, per backend.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: localized(
            "List the PulseAudio sinks, ALSA devices and the Snapcast FIFO that --device can name.",
            de: "Listet die PulseAudio-Sinks, ALSA-Geräte und den Snapcast-FIFO, die --device nennen kann."))

    func run() throws {
        print("PulseAudio (--backend pulse --device NAME):")
        do {
            let sinks = try DeviceCatalog.pulseSinks()
            if sinks.isEmpty { print(localized("  (no sinks)", de: "  (keine Sinks)")) }
            for sink in sinks { print("  \(sink.name)\(sink.description.isEmpty ? "" : "  \(sink.description)")") }
        } catch {
            print(
                localized(
                    "  (no server: \(ErrorMessages.line(for: error)))",
                    de: "  (kein Server: \(ErrorMessages.line(for: error)))"))
        }
        print("ALSA (--backend alsa --device NAME):")
        let pcms = DeviceCatalog.alsaPCMs()
        if pcms.isEmpty { print(localized("  (none)", de: "  (keine)")) }
        for pcm in pcms { print("  \(pcm.name)\(pcm.description.isEmpty ? "" : "  \(pcm.description)")") }
        print("Snapcast (--backend snapcast --device FIFO):")
        print(
            localized(
                "  \(SnapcastOutput.defaultPath)  snapserver's pipe source (the default; any FIFO snapserver reads)",
                de:
                    "  \(SnapcastOutput.defaultPath)  die Pipe-Quelle von snapserver (Standard; jeder FIFO, den snapserver liest)"
            ))
    }
}
