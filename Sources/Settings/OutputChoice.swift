import Outputs

/// Where live audio is asked to go (a backend, a device, a latency), each not given taken from
/// the settings: what the command line's output options build, and what the service plays to.
package struct OutputChoice: Sendable, Equatable {
    /// The sound systems a choice names: what `--backend` and `backend =` choose from.
    package typealias Backend = OutputBackend

    package var backend: OutputBackend?
    package var device: String?
    package var latencyMilliseconds: Int?

    package init(backend: OutputBackend? = nil, device: String? = nil, latencyMilliseconds: Int? = nil) {
        self.backend = backend
        self.device = device
        self.latencyMilliseconds = latencyMilliseconds
    }

    /// `streamName` is what the desktop's mixer shows for the stream (PulseAudio's `media.name`).
    package func request(sampleRate: Int, settings: Settings, streamName: String? = nil) -> OutputRequest {
        var request = OutputRequest(
            backend: settings.value(SettingKeys.backend, flag: backend),
            device: settings.value(SettingKeys.device, flag: device), sampleRate: sampleRate,
            latencyMilliseconds: settings.value(SettingKeys.latency, flag: latencyMilliseconds),
            snapcastBufferMilliseconds: settings.value(SettingKeys.snapcastBuffer, flag: nil))
        if let streamName { request.streamName = streamName }
        return request
    }

    /// The rate to play at when neither `flag` nor a setting names one and the device plays only
    /// another without resampling (an ALSA card fixed at 44.1 kHz): that rate, so that every
    /// bell falls on a frame of the device's own clock. Nil otherwise: the default stands.
    package func deviceRate(settings: Settings, flag: Int?) -> Int? {
        let (rate, source) = settings.resolve(SettingKeys.sampleRate, flag: flag)
        guard source == .builtIn else { return nil }
        let request = request(sampleRate: rate, settings: settings)
        guard request.backend == .alsa else { return nil }
        return ALSAOutput.onlyRate(device: request.device, near: rate)
    }

    /// The values given, as setting texts, for a preset.
    package var givenValues: [String: String] {
        var values: [String: String] = [:]
        values[SettingKeys.backend.name] = backend?.settingText
        values[SettingKeys.device.name] = device
        values[SettingKeys.latency.name] = latencyMilliseconds?.settingText
        return values
    }
}
