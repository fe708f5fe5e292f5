import ArgumentParser
import Outputs
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
    var backend: OutputBackend?

    @Option(
        help: .localized(
            "A PulseAudio sink, an ALSA PCM (default, dmix, plughw:1,0, …), or snapserver's FIFO (default /tmp/snapfifo); see `meditate devices`.",
            de:
                "Ein PulseAudio-Sink, ein ALSA-PCM (default, dmix, plughw:1,0, …) oder der FIFO von snapserver (Standard /tmp/snapfifo); siehe `meditate devices`.",
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

    func request(sampleRate: Int, settings: Settings) -> OutputRequest {
        OutputRequest(
            backend: settings.value(SettingKeys.backend, flag: backend),
            device: settings.value(SettingKeys.device, flag: device), sampleRate: sampleRate,
            latencyMilliseconds: settings.value(SettingKeys.latency, flag: latencyMilliseconds),
            snapcastBufferMilliseconds: settings.value(SettingKeys.snapcastBuffer, flag: nil))
    }

    /// The rate to play at when neither `flag` nor a setting names one and the device plays only
    /// another without resampling (an ALSA card fixed at 44.1 kHz): that rate, so that every
    /// bell falls on a frame of the device's own clock. Nil otherwise: the default stands.
    func deviceRate(settings: Settings, flag: Int?) -> Int? {
        let (rate, source) = settings.resolve(SettingKeys.sampleRate, flag: flag)
        guard source == .builtIn else { return nil }
        let request = request(sampleRate: rate, settings: settings)
        guard request.backend == .alsa else { return nil }
        return ALSAOutput.onlyRate(device: request.device, near: rate)
    }

    /// The options given, as setting texts, for a preset.
    var givenValues: [String: String] {
        var values: [String: String] = [:]
        values[SettingKeys.backend.name] = backend?.settingText
        values[SettingKeys.device.name] = device
        values[SettingKeys.latency.name] = latencyMilliseconds?.settingText
        return values
    }
}

extension OutputBackend: ExpressibleByArgument {}
