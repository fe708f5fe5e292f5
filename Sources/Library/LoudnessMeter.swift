import CEbur128

/// Integrated loudness (EBU R128, through libebur128) and sample peak of interleaved audio.
final class LoudnessMeter {
    private let state: UnsafeMutablePointer<ebur128_state>
    private let channels: Int

    init?(channels: Int, sampleRate: Int) {
        let mode = Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_SAMPLE_PEAK.rawValue)
        guard let state = ebur128_init(UInt32(channels), UInt(sampleRate), mode) else { return nil }
        self.state = state
        self.channels = channels
    }

    deinit {
        var state: UnsafeMutablePointer<ebur128_state>? = state
        ebur128_destroy(&state)
    }

    func add(_ interleaved: UnsafePointer<Float>, frames: Int) {
        _ = ebur128_add_frames_float(state, interleaved, frames)
    }

    /// LUFS; nil for audio too quiet to measure (digital silence), whose gain we leave alone.
    var integratedLoudness: Double? {
        var loudness = 0.0
        guard ebur128_loudness_global(state, &loudness) == EBUR128_SUCCESS.rawValue,
            loudness.isFinite
        else { return nil }
        return loudness
    }

    /// The largest absolute sample of any channel (1.0 is full scale).
    var samplePeak: Double {
        var peak = 0.0
        for channel in 0..<channels {
            var value = 0.0
            if ebur128_sample_peak(state, UInt32(channel), &value) == EBUR128_SUCCESS.rawValue {
                peak = max(peak, value)
            }
        }
        return peak
    }
}
