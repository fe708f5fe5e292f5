import CALSA
import Foundation

/// Plays through libasound: `default`, `dmix`, `plughw:…`, or any PCM name ALSA's configuration
/// defines (its `file` and `null` plugins included).
public final class ALSAOutput: AudioOutput {
    private let pcm: OpaquePointer
    private let sampleFormat: DeviceSampleFormat
    private let conversion: UnsafeMutableRawPointer
    private let conversionFrames: Int
    public private(set) var summary: String
    public let requestFrames: Int
    public let bufferFrames: Int
    public private(set) var underruns = 0

    public init(device: String?, sampleRate: Int, latencyMilliseconds: Int) throws(OutputError) {
        let name = device ?? "default"
        meditate_alsa_silence_errors()
        // First as the device is, with ALSA's plug converting nothing: a card that takes only
        // 16-bit gets 16-bit from us (quantised as a render is), not our 32-bit truncated by
        // ALSA. Only when that fails, through ALSA's conversions (another rate, mono, …).
        var lastError: Int32 = 0
        var opened: (OpaquePointer, DeviceSampleFormat)?
        for converting in [false, true] where opened == nil {
            var handle: OpaquePointer?
            let status = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, converting ? 0 : Self.asItIs)
            guard status >= 0, let handle else {
                throw .unavailable(backend: "ALSA", device: name, reason: Self.describe(status))
            }
            for format in DeviceSampleFormat.allCases {
                lastError = snd_pcm_set_params(
                    handle, format.alsa, SND_PCM_ACCESS_RW_INTERLEAVED, 2,
                    UInt32(sampleRate), converting ? 1 : 0, UInt32(latencyMilliseconds * 1000))
                if lastError >= 0 {
                    opened = (handle, format)
                    break
                }
            }
            if opened == nil { snd_pcm_close(handle) }
        }
        guard let (handle, chosen) = opened else {
            throw .unavailable(
                backend: "ALSA", device: name,
                reason: "no stereo \(sampleRate) Hz format accepted: \(Self.describe(lastError))")
        }
        pcm = handle
        sampleFormat = chosen
        conversionFrames = 4096
        conversion = .allocate(byteCount: conversionFrames * 2 * 4, alignment: 16)
        var bufferFrames: snd_pcm_uframes_t = 0
        var periodFrames: snd_pcm_uframes_t = 0
        snd_pcm_get_params(handle, &bufferFrames, &periodFrames)
        requestFrames = Int(periodFrames)
        self.bufferFrames = Int(bufferFrames)
        summary =
            "ALSA \(name): \(chosen), \(sampleRate) Hz, buffer \(bufferFrames) frames "
            + "(\(Int(bufferFrames) * 1000 / sampleRate) ms), period \(periodFrames) frames"
    }

    deinit {
        snd_pcm_close(pcm)
        conversion.deallocate()
    }

    /// Thread: output.
    public func write(_ interleaved: UnsafeBufferPointer<Float>) throws(OutputError) -> Int {
        guard let base = interleaved.baseAddress else { return unplayedFrames() }
        var frames = interleaved.count / 2
        var source = base
        while frames > 0 {
            let chunk = min(frames, conversionFrames)
            let data: UnsafeRawPointer
            switch sampleFormat {
            case .float: data = UnsafeRawPointer(source)
            case .s32: data = convert(source, frames: chunk)
            case .s16:
                let target = conversion.bindMemory(to: Int16.self, capacity: chunk * 2)
                Int16Conversion.convert(UnsafeBufferPointer(start: source, count: chunk * 2), into: target)
                data = UnsafeRawPointer(target)
            }
            let written = snd_pcm_writei(pcm, data, snd_pcm_uframes_t(chunk))
            if written < 0 {
                let error = Int32(written)
                guard error == -EPIPE || error == -ESTRPIPE || error == -EINTR else {
                    throw .deviceLost(reason: Self.describe(error))
                }
                if error != -EINTR { underruns += 1 }
                let recovered = snd_pcm_recover(pcm, error, 1)
                if recovered < 0 { throw .deviceLost(reason: Self.describe(recovered)) }
                continue
            }
            frames -= Int(written)
            source += Int(written) * 2
        }
        return unplayedFrames()
    }

    /// Float to 32-bit for cards that take no float: clipped, never wrapped.
    /// Thread: output.
    private func convert(_ source: UnsafePointer<Float>, frames: Int) -> UnsafeRawPointer {
        let target = conversion.bindMemory(to: Int32.self, capacity: frames * 2)
        let scale = Float(Int32.max)
        for i in 0..<(frames * 2) {
            let clipped = min(max(source[i], -1), 1)
            target[i] = Int32(clamping: Int64((clipped * scale).rounded()))
        }
        return UnsafeRawPointer(target)
    }

    /// Thread: output.
    public func unplayedFrames() -> Int {
        var delay: snd_pcm_sframes_t = 0
        guard snd_pcm_delay(pcm, &delay) >= 0 else { return 0 }
        return max(0, Int(delay))
    }

    /// Thread: output.
    public func drain() {
        snd_pcm_drain(pcm)
    }

    /// `snd_pcm_open`'s mode for the device as it is: no format, rate or channel conversion by
    /// ALSA's plug.
    static let asItIs = SND_PCM_NO_AUTO_FORMAT | SND_PCM_NO_AUTO_RESAMPLE | SND_PCM_NO_AUTO_CHANNELS

    /// The rate `device` plays without ALSA resampling, when it does not take `sampleRate` (a
    /// card or a `plug` slave fixed at 44.1 kHz): the nearest it takes. Nil when it takes
    /// `sampleRate`, or cannot be asked (busy, missing: opening it says why).
    public static func onlyRate(device: String?, near sampleRate: Int) -> Int? {
        meditate_alsa_silence_errors()
        var handle: OpaquePointer?
        guard snd_pcm_open(&handle, device ?? "default", SND_PCM_STREAM_PLAYBACK, asItIs) >= 0, let handle else {
            return nil
        }
        defer { snd_pcm_close(handle) }
        var parameters: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&parameters) >= 0, let parameters else { return nil }
        defer { snd_pcm_hw_params_free(parameters) }
        guard snd_pcm_hw_params_any(handle, parameters) >= 0,
            snd_pcm_hw_params_test_rate(handle, parameters, UInt32(sampleRate), 0) < 0
        else { return nil }
        var rate = UInt32(sampleRate)
        var direction: Int32 = 0
        guard snd_pcm_hw_params_set_rate_near(handle, parameters, &rate, &direction) >= 0,
            (8_000...192_000).contains(Int(rate))
        else { return nil }
        return Int(rate)
    }

    static func describe(_ code: Int32) -> String {
        String(cString: snd_strerror(code)).lowercased()
    }
}
