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
    /// 16-bit samples to a sink that runs at 16 bits or fewer, else the mixer's floats.
    private let sixteenBit: Bool
    private let frameBytes: Int
    public let summary: String
    public let requestFrames: Int
    public let bufferFrames: Int
    /// What the server gives the sink of the queue, in traditional buffering: `tlength − 2·minreq`.
    private let sinkLatencyFrames: Int
    /// Where the next write goes, in bytes from the stream's start, when it replaces queued frames.
    private var rewriteOffset: Int64?
    /// Bytes that may still be written without a request of the server: the frames a rewrite
    /// took back, which the server counts as still queued.
    private var replacing = 0
    /// Bytes from the stream's start up to the end of what has been written.
    private var writeIndex = 0
    /// The server's write index less ours: after an underrun the server moves its indices on by
    /// the silence it played.
    private var serverShift = 0
    /// How far ahead of the server's read index a rewrite is placed: the time the request takes to
    /// reach the server, with room to spare.
    private let rewriteMarginFrames: Int
    /// When to ask for the stream's timing, instead of libpulse's automatic updates.
    private var timingSchedule = PulseTimingSchedule()
    /// The timing asked for and not yet answered: one at a time.
    private var timingRequest: OpaquePointer?
    /// Underflows already answered by asking for the timing anew.
    private var underflowsSeen = 0

    public var underruns: Int { connection.signals.underflows }

    public init(
        device: String?, sampleRate: Int, latencyMilliseconds: Int,
        streamName: String
    ) throws(OutputError) {
        self.sampleRate = sampleRate
        let connection = try PulseContext(device: device)
        let context = connection.context
        let userdata = connection.signals.userdata
        // A 16-bit sink gets 16-bit samples: the server would convert the floats to them anyway,
        // and the stream then takes half the bytes through the socket (and half the copies).
        let sixteenBitSinks = [PA_SAMPLE_S16LE, PA_SAMPLE_S16BE, PA_SAMPLE_U8, PA_SAMPLE_ALAW, PA_SAMPLE_ULAW]
        let sixteenBit = connection.sampleFormat(ofSink: device).map { sixteenBitSinks.contains($0) } ?? false
        var spec = pa_sample_spec(
            format: sixteenBit ? PA_SAMPLE_S16LE : PA_SAMPLE_FLOAT32LE,
            rate: UInt32(sampleRate), channels: 2)
        let stream = try { () throws(OutputError) -> OpaquePointer in
            guard let properties = pa_proplist_new() else { throw connection.failure(device: device) }
            defer { pa_proplist_free(properties) }
            // The session by name, and a role: long-playing sound a person chose, as music is
            // (not `event`, which desktops keep for short alerts and may duck or cork).
            pa_proplist_sets(properties, PA_PROP_MEDIA_NAME, streamName)
            pa_proplist_sets(properties, PA_PROP_MEDIA_ROLE, "music")
            pa_proplist_sets(properties, PA_PROP_MEDIA_ICON_NAME, PulseContext.iconName)
            guard let stream = pa_stream_new_with_proplist(context, streamName, &spec, nil, properties) else {
                throw connection.failure(device: device)
            }
            pa_stream_set_underflow_callback(
                stream,
                { _, userdata in
                    PulseSignals.from(userdata).underflows += 1
                }, userdata)
            // Traditional buffering, as sox and mpg123 play: a queue of two seconds or more, asked
            // for about once a second, so that the process sleeps between requests. The server gives
            // the sink `tlength − 2·minreq` of latency: the requested latency, how soon a frame
            // written just after the stream's read index is heard. Pausing and ending early replace
            // the queue from there (`rewrite`), so they are heard that soon, not after the queue.
            let sinkLatency = pa_usec_t(latencyMilliseconds) * 1000
            let queue = max(Self.minimumQueueMicroseconds, 3 * sinkLatency)
            // Playback starts, and after an underrun starts again, once twice the sink's latency is
            // queued, not the server's default of a second.
            var attributes = pa_buffer_attr(
                maxlength: .max, tlength: UInt32(pa_usec_to_bytes(queue, &spec)),
                prebuf: UInt32(pa_usec_to_bytes(2 * sinkLatency, &spec)),
                minreq: UInt32(pa_usec_to_bytes((queue - sinkLatency) / 2, &spec)),
                fragsize: .max)
            // Interpolated timing, brought up to date when `timingSchedule` says.
            let flags = PA_STREAM_INTERPOLATE_TIMING
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
        self.sixteenBit = sixteenBit
        frameBytes = pa_frame_size(&spec)
        summary = Self.describe(stream, spec: spec)
        let granted = pa_stream_get_buffer_attr(stream)?.pointee
        requestFrames = Int(granted?.minreq ?? 0) / frameBytes
        bufferFrames = Int(granted?.tlength ?? 0) / frameBytes
        sinkLatencyFrames = max(0, bufferFrames - 2 * requestFrames)
        // The sink reads the stream a chunk of its latency at a time, and the request may reach
        // the server a render late (seen under ThreadSanitizer with 20 ms: the fade's start was
        // read already, the silence heard 40 ms longer than the pause): half the sink's latency,
        // which still has a pause heard within 0.2 s at the default 100 ms.
        rewriteMarginFrames = max(sampleRate / 50, sinkLatencyFrames / 2)
    }

    deinit {
        if let timingRequest { pa_operation_unref(timingRequest) }
        pa_stream_disconnect(stream)
        pa_stream_unref(stream)
        connection.flush()
    }

    /// Thread: output.
    public func write(_ interleaved: UnsafeBufferPointer<Float>) throws(OutputError) -> Int {
        guard var source = interleaved.baseAddress else { return unplayedFrames() }
        var remaining = interleaved.count / 2
        while remaining > 0 {
            guard connection.isReady, pa_stream_get_state(stream) == PA_STREAM_READY else {
                throw .deviceLost(reason: connection.lastError)
            }
            let writable = pa_stream_writable_size(stream)
            // Whole frames only, so that the stream never holds half a frame.
            let allowed = writable == .max ? 0 : max(writable, replacing)
            let frames = min(remaining, allowed / frameBytes)
            if frames == 0 {
                // Sleeps in poll() until the server asks for more.
                connection.iterate()
                continue
            }
            let seek: (offset: Int64, mode: pa_seek_mode_t) =
                rewriteOffset.map { ($0, PA_SEEK_ABSOLUTE) } ?? (0, PA_SEEK_RELATIVE)
            let sent = try send(source, frames: frames, offset: seek.offset, mode: seek.mode)
            if let offset = rewriteOffset { writeIndex = Int(offset) - serverShift }
            rewriteOffset = nil
            writeIndex += sent * frameBytes
            replacing = max(0, replacing - sent * frameBytes)
            source += 2 * sent
            remaining -= sent
        }
        connection.flush()
        return latencyFrames()
    }

    /// Hands the server up to `frames` frames; returns how many it took.
    /// Thread: output.
    private func send(
        _ source: UnsafePointer<Float>, frames: Int, offset: Int64,
        mode: pa_seek_mode_t
    ) throws(OutputError) -> Int {
        guard sixteenBit else {
            guard pa_stream_write(stream, source, frames * frameBytes, nil, offset, mode) >= 0 else {
                throw .deviceLost(reason: connection.lastError)
            }
            return frames
        }
        // Converted straight into a block of libpulse's, which it then sends without a copy.
        var block: UnsafeMutableRawPointer?
        var size = frames * frameBytes
        guard pa_stream_begin_write(stream, &block, &size) >= 0, let block else {
            throw .deviceLost(reason: connection.lastError)
        }
        let count = min(frames, size / frameBytes)
        guard count > 0 else {
            pa_stream_cancel_write(stream)
            throw .deviceLost(reason: "the server gave no room for a frame")
        }
        Int16Conversion.convert(
            UnsafeBufferPointer(start: source, count: 2 * count),
            into: block.bindMemory(to: Int16.self, capacity: 2 * count))
        guard pa_stream_write(stream, block, count * frameBytes, nil, offset, mode) >= 0 else {
            pa_stream_cancel_write(stream)
            throw .deviceLost(reason: connection.lastError)
        }
        return count
    }

    /// Thread: output.
    public func writableFrames() -> Int {
        // A connection or stream that has failed: one frame, so that `write` says why.
        guard connection.isReady, pa_stream_get_state(stream) == PA_STREAM_READY else { return 1 }
        let writable = pa_stream_writable_size(stream)
        return writable == .max ? 1 : max(writable, replacing) / frameBytes
    }

    /// Thread: output.
    public func waitForRoom(milliseconds: Int?) {
        guard writableFrames() == 0 else { return }
        // While the last frames play out (a wait with a limit), the clock is checked every second.
        refreshTiming(cap: milliseconds == nil ? PulseTimingSchedule.steadyNanoseconds : 1_000_000_000)
        if let milliseconds { connection.iterate(milliseconds: milliseconds) } else { connection.iterate() }
    }

    public var playOutFrames: Int { sinkLatencyFrames }

    /// Thread: any, while the output is alive (libpulse's wake-up of its main loop is).
    public func interrupt() { pa_mainloop_wakeup(connection.mainloop) }

    public var takesBack: Bool { true }

    /// Thread: output.
    public func rewritableFrame() -> Int? {
        connection.await(pa_stream_update_timing_info(stream, nil, nil))
        guard let timing = pa_stream_get_timing_info(stream)?.pointee, timing.read_index_corrupt == 0,
            noteServerShift()
        else { return nil }
        // The sink has taken everything before the read index; what lies after it is still ours.
        return (Int(timing.read_index) - serverShift) / frameBytes + rewriteMarginFrames
    }

    /// Updates `serverShift` from the last timing update; false when its write index is unknown.
    /// Thread: output.
    @discardableResult
    private func noteServerShift() -> Bool {
        guard let timing = pa_stream_get_timing_info(stream)?.pointee, timing.write_index_corrupt == 0 else {
            return false
        }
        serverShift = Int(timing.write_index) - writeIndex
        return true
    }

    /// Thread: output.
    public func rewrite(from frame: Int) {
        let offset = frame * frameBytes
        // The server counts the frames taken back as still queued, and asks for none of them again.
        replacing = max(0, writeIndex - offset)
        rewriteOffset = Int64(offset + serverShift)
        timingSchedule.restart()
    }

    /// Thread: output.
    public func unplayedFrames() -> Int {
        refreshTiming()
        connection.flush()
        return latencyFrames()
    }

    /// Frames written that the sink has not played: from the stream's playing time (its read
    /// index less the sink's latency), which stands still while the server waits to start, where
    /// the write index less a latency would run ahead.
    /// Thread: output.
    private func latencyFrames() -> Int {
        let written = writeIndex / frameBytes
        var usec: pa_usec_t = 0
        // A time beyond a day is no time (libpulse has been seen to give one mid-update): the
        // frames written count as unplayed, and the clock waits for a real one.
        guard pa_stream_get_time(stream, &usec) >= 0, usec < Self.dayMicroseconds else { return written }
        noteServerShift()
        let played = Int(usec) * sampleRate / 1_000_000 - serverShift / frameBytes
        return min(written, max(0, written - played))
    }

    private static let dayMicroseconds: pa_usec_t = 86_400_000_000
    /// The stream's queue at least (`tlength`): the server asks for frames about once a second,
    /// so the process sleeps between requests (see `init`).
    static let minimumQueueMicroseconds: pa_usec_t = 2_000_000

    /// Asks for the stream's timing when `timingSchedule` says (sent with the main loop's next
    /// turn), and soon after an underflow, when the stream waits to start again.
    /// Thread: output.
    private func refreshTiming(cap: UInt64 = PulseTimingSchedule.steadyNanoseconds) {
        if let request = timingRequest {
            guard pa_operation_get_state(request) != PA_OPERATION_RUNNING else { return }
            pa_operation_unref(request)
            timingRequest = nil
        }
        if connection.signals.underflows != underflowsSeen {
            underflowsSeen = connection.signals.underflows
            timingSchedule.restart()
        }
        guard timingSchedule.isDue(cap: cap) else { return }
        timingRequest = pa_stream_update_timing_info(stream, nil, nil)
    }

    /// Thread: output.
    public func drain() {
        connection.await(pa_stream_drain(stream, nil, nil))
    }

    private static func describe(_ stream: OpaquePointer, spec: pa_sample_spec) -> String {
        let sink = pa_stream_get_device_name(stream).map { String(cString: $0) } ?? "?"
        guard let attributes = pa_stream_get_buffer_attr(stream) else { return "PulseAudio \(sink)" }
        var spec = spec
        let bytesPerSecond = UInt64(pa_bytes_per_second(&spec))
        let milliseconds = { (bytes: UInt32) in UInt64(bytes) * 1000 / bytesPerSecond }
        let format = spec.format == PA_SAMPLE_S16LE ? "s16" : "float32"
        return
            "PulseAudio \(sink): \(format), \(spec.rate) Hz, target buffer \(milliseconds(attributes.pointee.tlength)) ms, "
            + "request \(milliseconds(attributes.pointee.minreq)) ms, prebuffer \(milliseconds(attributes.pointee.prebuf)) ms"
    }
}
