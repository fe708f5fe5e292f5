import ArgumentParser
import Localization
import Settings

/// Where live audio goes: shared by every command that plays.
struct OutputOptions: ParsableArguments {
    /// The heading these options have in a command's help.
    static var title: String { localized("Output", de: "Ausgabe") }

    @Option(
        help: .localized(
            "Sound system: auto (PulseAudio if a server answers, else ALSA), pulse, alsa, or snapcast (snapserver's pipe source: every room at once) (default \(SettingKeys.backend.defaultValue.rawValue)).",
            de:
                "Soundsystem: auto (PulseAudio, wenn ein Server antwortet, sonst ALSA), pulse, alsa oder snapcast (die Pipe-Quelle von snapserver: alle Räume zugleich) (Standard \(SettingKeys.backend.defaultValue.rawValue)).",
            valueName: "auto|pulse|alsa|snapcast"))
    var backend: OutputChoice.Backend?

    @Option(
        help: .localized(
            "A PulseAudio sink, an ALSA PCM (`default`, `dmix`, `plughw:1,0`, …), or snapserver's FIFO (default /tmp/snapfifo); see `meditate devices`.",
            de:
                "Ein PulseAudio-Sink, ein ALSA-PCM (`default`, `dmix`, `plughw:1,0`, …) oder der FIFO von snapserver (Standard /tmp/snapfifo); siehe `meditate devices`.",
            valueName: "name"))
    var device: String?

    @Option(
        name: .customLong("latency-ms"),
        help: .localized(
            "How soon a pause or an early end is heard, in milliseconds: the device's latency (20-2000; default \(SettingKeys.latency.defaultValue)).",
            de:
                "Wie bald eine Pause oder ein vorzeitiges Ende zu hören ist, in Millisekunden: die Latenz des Geräts (20-2000; Standard \(SettingKeys.latency.defaultValue)).",
            valueName: "ms"))
    var latencyMilliseconds: Int?

    func validate() throws {
        if let latencyMilliseconds {
            try SettingKeys.latency.checkFlag(latencyMilliseconds)
        }
    }

    /// Where these options ask audio to go.
    var choice: OutputChoice {
        OutputChoice(backend: backend, device: device, latencyMilliseconds: latencyMilliseconds)
    }

    func deviceRate(settings: Settings, flag: Int?) -> Int? { choice.deviceRate(settings: settings, flag: flag) }

    var givenValues: [String: String] { choice.givenValues }
}
