import CPulse

/// Plays through libpulse: a PulseAudio server, or PipeWire's pulse server.
///
/// The asynchronous API rather than pa_simple, because only it reports underflows, the buffer
/// the server granted, and a server that has gone away. The output thread runs the main loop
/// itself inside `write` (see `PulseContext`).
public final class PulseOutput: AudioOutput {
    private let connection: PulseContext
    private let stream: OpaquePointer
    private let sampleRate: Int
    public let summary: String
    public let requestFrames: Int

    public var underruns: Int { connection.signals.underflows }

    public init(device: String?, sampleRate: Int, latencyMilliseconds: Int,
                streamName: String) throws(OutputError) {
        self.sampleRate = sampleRate
        let connection = try PulseContext(device: device)
        let context = connection.context
        let userdata = connection.signals.userdata
        var spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(sampleRate), channels: 2)
        let stream = try { () throws(OutputError) -> OpaquePointer in
            guard let stream = pa_stream_new(context, streamName, &spec, nil) else {
                throw connection.failure(device: device)
            }
            pa_stream_set_underflow_callback(stream, { _, userdata in
                PulseSignals.from(userdata).underflows += 1
            }, userdata)
            let latencyBytes = pa_usec_to_bytes(pa_usec_t(latencyMilliseconds) * 1000, &spec)
            // Data is asked for a quarter of the buffer at a time: three quarters stay queued
            // against a late wake-up, and the process wakes a few dozen times a second, not hundreds.
            let requestBytes = pa_usec_to_bytes(pa_usec_t(latencyMilliseconds) * 250, &spec)
            var attributes = pa_buffer_attr(maxlength: .max, tlength: UInt32(latencyBytes), prebuf: .max,
                                            minreq: UInt32(requestBytes), fragsize: .max)
            let flags = pa_stream_flags_t(rawValue: PA_STREAM_ADJUST_LATENCY.rawValue
                | PA_STREAM_AUTO_TIMING_UPDATE.rawValue | PA_STREAM_INTERPOLATE_TIMING.rawValue)
            var state = PA_STREAM_UNCONNECTED
            if pa_stream_connect_playback(stream, device, &attributes, flags, nil, nil) >= 0 {
                while true {
                    state = pa_stream_get_state(stream)
                    if state == PA_STREAM_READY || state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED { break }
                    connection.iterate()
                }
            }
            guard state == PA_STREAM_READY else {
                let error = connection.failure(device: device)
                pa_stream_unref(stream)
                throw error
            }
            return stream
        }()
        self.connection = connection
        self.stream = stream
        summary = Self.describe(stream, spec: spec)
        let minimumRequest = pa_stream_get_buffer_attr(stream)?.pointee.minreq ?? 0
        requestFrames = Int(minimumRequest) / (2 * MemoryLayout<Float>.size)
    }

    deinit {
        pa_stream_disconnect(stream)
        pa_stream_unref(stream)
        connection.flush()
    }

    public func write(_ interleaved: UnsafeBufferPointer<Float>) throws(OutputError) -> Int {
        guard var bytes = interleaved.baseAddress.map(UnsafeRawPointer.init) else { return unplayedFrames() }
        var remaining = interleaved.count * MemoryLayout<Float>.size
        let frameBytes = 2 * MemoryLayout<Float>.size
        while remaining > 0 {
            guard connection.isReady, pa_stream_get_state(stream) == PA_STREAM_READY else {
                throw .deviceLost(reason: connection.lastError)
            }
            let writable = pa_stream_writable_size(stream)
            // Whole frames only, so that the stream never holds half a frame.
            let chunk = writable == .max ? 0 : min(remaining, writable / frameBytes * frameBytes)
            if chunk == 0 {
                // Sleeps in poll() until the server asks for more.
                connection.iterate()
                continue
            }
            guard pa_stream_write(stream, bytes, chunk, nil, 0, PA_SEEK_RELATIVE) >= 0 else {
                throw .deviceLost(reason: connection.lastError)
            }
            bytes += chunk
            remaining -= chunk
        }
        connection.flush()
        return latencyFrames()
    }

    public func unplayedFrames() -> Int {
        connection.flush()
        return latencyFrames()
    }

    /// The stream's latency in frames.
    private func latencyFrames() -> Int {
        var latency: pa_usec_t = 0
        var negative: Int32 = 0
        guard pa_stream_get_latency(stream, &latency, &negative) >= 0, negative == 0 else { return 0 }
        return Int(latency) * sampleRate / 1_000_000
    }

    public func drain() {
        connection.await(pa_stream_drain(stream, nil, nil))
    }

    private static func describe(_ stream: OpaquePointer, spec: pa_sample_spec) -> String {
        let sink = pa_stream_get_device_name(stream).map { String(cString: $0) } ?? "?"
        guard let attributes = pa_stream_get_buffer_attr(stream) else { return "PulseAudio \(sink)" }
        let bytesPerSecond = UInt64(spec.rate) * 2 * UInt64(MemoryLayout<Float>.size)
        let milliseconds = { (bytes: UInt32) in UInt64(bytes) * 1000 / bytesPerSecond }
        return "PulseAudio \(sink): float32, \(spec.rate) Hz, target buffer \(milliseconds(attributes.pointee.tlength)) ms, "
            + "request \(milliseconds(attributes.pointee.minreq)) ms, prebuffer \(milliseconds(attributes.pointee.prebuf)) ms"
    }
}
