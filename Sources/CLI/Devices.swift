import ArgumentParser
import Localization
import Practice
import Settings

/// `meditate devices`: what `--device` can name, per backend; the default marked.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: localized(
            "List the PulseAudio sinks, ALSA devices and the Snapcast FIFO that --device can name.",
            de: "Listet die PulseAudio-Sinks, ALSA-Geräte und den Snapcast-FIFO, die --device nennen kann."),
        discussion: localized(
            "The device a backend plays to when --device is not given is marked with *, if it can be played to now; one that cannot says why.",
            de:
                "Das Gerät, auf dem ein Soundsystem ohne --device spielt, ist mit * markiert, wenn es sich jetzt nutzen lässt; eines, das sich nicht nutzen lässt, sagt, warum."
        ))

    @Flag(
        help: .localized(
            "Also ALSA's plugins that are not outputs (rate converters, filters, JACK, OSS, null).",
            de: "Auch die ALSA-Plugins, die keine Ausgaben sind (Ratenwandler, Filter, JACK, OSS, null)."))
    var all = false

    func run() throws {
        for line in DeviceListing.lines(all: all, settings: try Settings.load()) { print(line) }
    }
}
