import CPulse

/// What libpulse's callbacks reach: the underflow count, and whatever a listing collects.
final class PulseSignals {
    var underflows = 0
    var sinks: [OutputDevice] = []
    var defaultSink: String?
    var server = ""
    var sinkFormat: pa_sample_format_t?

    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ userdata: UnsafeMutableRawPointer?) -> PulseSignals {
        // Every callback is registered with the PulseSignals of a context that outlives it.
        guard let userdata else { preconditionFailure("libpulse callback without its user data") }
        return Unmanaged<PulseSignals>.fromOpaque(userdata).takeUnretainedValue()
    }
}
