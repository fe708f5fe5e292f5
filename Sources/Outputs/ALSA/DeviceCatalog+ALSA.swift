import CALSA
import Foundation

extension DeviceCatalog {
    /// ALSA's PCM names for playback, from its configuration and cards (`default`, `dmix:…`,
    /// `plughw:…`, …).
    public static func alsaPCMs() -> [OutputDevice] {
        meditate_alsa_silence_errors()
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var devices: [OutputDevice] = []
        var index = 0
        while let hint = hints[index] {
            index += 1
            let name = take(snd_device_name_get_hint(hint, "NAME"))
            let direction = take(snd_device_name_get_hint(hint, "IOID"))
            guard let name, direction == nil || direction == "Output" else { continue }
            let description =
                take(snd_device_name_get_hint(hint, "DESC"))?
                .split(separator: "\n").joined(separator: " — ") ?? ""
            devices.append(
                OutputDevice(
                    name: name, description: description, isDefault: name == "default", isOutput: isOutput(name)))
        }
        // ALSA's configuration always has `default`, even where no hint names it.
        if !devices.contains(where: { $0.name == "default" }) {
            devices.insert(OutputDevice(name: "default", description: "", isDefault: true), at: 0)
        }
        return devices
    }

    /// Why ALSA cannot open `name` for playback now (no sound card, the device busy, a name its
    /// configuration lacks), in ALSA's words; nil when it opens. Opened without blocking and
    /// closed at once: nothing is played.
    public static func alsaRefusal(_ name: String) -> String? {
        meditate_alsa_silence_errors()
        var handle: OpaquePointer?
        let status = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard status >= 0, let handle else { return ALSAOutput.describe(status < 0 ? status : -ENODEV) }
        snd_pcm_close(handle)
        return nil
    }

    /// Outputs are the default, the sound servers' plugins, and a card's devices
    /// (`plughw:CARD=…`, `sysdefault:…`, `dmix:…`, `front:…`); rate converters, filters, JACK,
    /// OSS and `null` are plugins a person does not play to.
    private static func isOutput(_ name: String) -> Bool {
        name == "default" || name == "pulse" || name == "pipewire" || name.contains(":")
    }

    /// A string ALSA allocated, copied and freed.
    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
