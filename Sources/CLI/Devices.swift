import ArgumentParser
import Localization
import Outputs
import Settings

/// `meditate devices`: what `--device` can name, per backend; the default marked.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: localized(
            "List the PulseAudio sinks, ALSA devices and the Snapcast FIFO that --device can name.",
            de: "Listet die PulseAudio-Sinks, ALSA-Geräte und den Snapcast-FIFO, die --device nennen kann."),
        discussion: localized(
            "The device played to when --device is not given is marked with *.",
            de: "Das Gerät, auf dem ohne --device gespielt wird, ist mit * markiert."))

    @Flag(
        help: .localized(
            "Also ALSA's plugins that are not outputs (rate converters, filters, JACK, OSS, null).",
            de: "Auch die ALSA-Plugins, die keine Ausgaben sind (Ratenwandler, Filter, JACK, OSS, null)."))
    var all = false

    func run() throws {
        print("PulseAudio (--backend pulse --device NAME):")
        do {
            let sinks = try DeviceCatalog.pulseSinks()
            if sinks.isEmpty { print(localized("  (no sinks)", de: "  (keine Sinks)")) }
            for sink in sinks { print(Self.line(sink)) }
        } catch {
            print(
                localized(
                    "  (no server: \(ErrorMessages.line(for: error)))",
                    de: "  (kein Server: \(ErrorMessages.line(for: error)))"))
        }
        print("ALSA (--backend alsa --device NAME):")
        let pcms = DeviceCatalog.alsaPCMs().filter { all || $0.isOutput }
        for pcm in pcms { print(Self.line(pcm)) }
        let hidden = all ? 0 : DeviceCatalog.alsaPCMs().count - pcms.count
        if hidden > 0 {
            print(
                localized(
                    "  (and \(hidden) plugins that are not outputs: meditate devices --all)",
                    de: "  (und \(hidden) Plugins, die keine Ausgaben sind: meditate devices --all)"))
        }
        print("Snapcast (--backend snapcast --device FIFO):")
        print(
            localized(
                "* \(SnapcastOutput.defaultPath)  snapserver's pipe source (any FIFO snapserver reads)",
                de: "* \(SnapcastOutput.defaultPath)  die Pipe-Quelle von snapserver (jeder FIFO, den snapserver liest)"
            ))
    }

    private static func line(_ device: OutputDevice) -> String {
        let mark = device.isDefault ? "* " : "  "
        let description =
            device.name == "default" && device.description.isEmpty
            ? localized("ALSA's default device", de: "das Standardgerät von ALSA") : device.description
        let server =
            device.server.isEmpty ? "" : "  [" + localized("server: ", de: "Server: ") + device.server + "]"
        return mark + device.name + (description.isEmpty ? "" : "  \(description)") + server
    }
}
