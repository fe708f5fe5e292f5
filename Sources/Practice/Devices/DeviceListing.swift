import Localization
import Outputs
import Settings

/// What `meditate devices` prints: per backend, what `--device` can name. The mark `*` goes only
/// to the device that backend would play to without `--device` (the one config.toml names for
/// it, else the system's default) and only when it can be played to now; one that cannot
/// (ALSA's `default` on a machine without a sound card, snapserver's FIFO where no snapserver
/// made it) says why beside its name.
package enum DeviceListing {
    /// The listing's lines; `all` adds ALSA's plugins that are not outputs.
    package static func lines(all: Bool, settings: Settings) -> [String] {
        let configured = { (backend: OutputBackend) -> String? in
            settings.value(SettingKeys.backend, flag: nil) == backend
                ? settings.value(SettingKeys.device, flag: nil) : nil
        }
        return pulseLines(configured: configured(.pulse)) + alsaLines(all: all, configured: configured(.alsa))
            + snapcastLines(path: configured(.snapcast) ?? SnapcastOutput.defaultPath)
    }

    private static func pulseLines(configured: String?) -> [String] {
        var lines = ["PulseAudio (--backend pulse --device NAME):"]
        do {
            var sinks = try DeviceCatalog.pulseSinks()
            if sinks.isEmpty { lines.append(localized("  (no sinks)", de: "  (keine Sinks)")) }
            if let configured {
                for index in sinks.indices { sinks[index].isDefault = sinks[index].name == configured }
            }
            lines += sinks.map { line($0) }
        } catch {
            let reason = FailureLine.line(for: error)
            lines.append(localized("  (no server: \(reason))", de: "  (kein Server: \(reason))"))
        }
        return lines
    }

    private static func alsaLines(all: Bool, configured: String?) -> [String] {
        var lines = ["ALSA (--backend alsa --device NAME):"]
        let known = DeviceCatalog.alsaPCMs()
        let listed = known.filter { all || $0.isOutput }
        // What would be played to is shown even where no hint names it.
        var shown = listed
        let used = configured ?? "default"
        if !shown.contains(where: { $0.name == used }) {
            shown.insert(OutputDevice(name: used, description: ""), at: 0)
        }
        for var pcm in shown {
            var refusal: String?
            if pcm.name == used { refusal = DeviceCatalog.alsaRefusal(pcm.name) }
            pcm.isDefault = pcm.name == used && refusal == nil
            lines.append(line(pcm, refusal: refusal))
        }
        let hidden = known.count - listed.count
        if hidden == 1 {
            lines.append(
                localized(
                    "  (and 1 plugin that is not an output: meditate devices --all)",
                    de: "  (und 1 Plugin, das keine Ausgabe ist: meditate devices --all)"))
        } else if hidden > 1 {
            lines.append(
                localized(
                    "  (and \(hidden) plugins that are not outputs: meditate devices --all)",
                    de: "  (und \(hidden) Plugins, die keine Ausgaben sind: meditate devices --all)"))
        }
        return lines
    }

    private static func snapcastLines(path: String) -> [String] {
        let heading = "Snapcast (--backend snapcast --device FIFO):"
        let source = localized("snapserver's pipe source", de: "die Pipe-Quelle von snapserver")
        return switch SnapcastPipe(path: path) {
        case .fifo:
            [
                heading,
                "* \(path)  "
                    + localized(
                        "\(source) (any FIFO snapserver reads)", de: "\(source) (jeder FIFO, den snapserver liest)")
            ]
        case .missing:
            [
                heading,
                "  \(path)  "
                    + localized(
                        "\(source) (no such FIFO: snapserver makes it when it starts)",
                        de: "\(source) (FIFO fehlt: snapserver legt ihn beim Start an)")
            ]
        case .notAFIFO:
            [heading, "  \(path)  " + localized("\(source) (not a FIFO)", de: "\(source) (kein FIFO)")]
        }
    }

    private static func line(_ device: OutputDevice, refusal: String? = nil) -> String {
        let mark = device.isDefault ? "* " : "  "
        let description =
            device.name == "default" && device.description.isEmpty
            ? localized("ALSA's default device", de: "das Standardgerät von ALSA") : device.description
        let server =
            device.server.isEmpty ? "" : "  [" + localized("server: ", de: "Server: ") + device.server + "]"
        let unusable =
            refusal.map { localized(" (cannot be opened: \($0))", de: " (lässt sich nicht öffnen: \($0))") } ?? ""
        return mark + device.name + (description.isEmpty ? "" : "  \(description)") + unusable + server
    }
}
