import CPulse

/// A connection to a PulseAudio server on libpulse's threaded main loop.
///
/// Callers hold the main loop's lock (`withLock`) around every libpulse call; callbacks run on
/// the main loop's thread and wake waiters with `signal()`.
final class PulseContext {
    let mainloop: OpaquePointer
    let context: OpaquePointer
    /// What callbacks reach through their user data.
    let signals: PulseSignals

    init(device: String?) throws(OutputError) {
        guard let mainloop = pa_threaded_mainloop_new() else {
            throw .unavailable(backend: "PulseAudio", device: device, reason: "cannot make a main loop")
        }
        guard let context = pa_context_new(pa_threaded_mainloop_get_api(mainloop), "meditate") else {
            pa_threaded_mainloop_free(mainloop)
            throw .unavailable(backend: "PulseAudio", device: device, reason: "cannot make a context")
        }
        self.mainloop = mainloop
        self.context = context
        signals = PulseSignals(mainloop: mainloop)
        pa_context_set_state_callback(context, { _, userdata in PulseSignals.from(userdata).signal() },
                                      signals.userdata)
        // Until init returns, deinit does not run: tear down here on failure.
        pa_threaded_mainloop_lock(mainloop)
        let connected = pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0
            && pa_threaded_mainloop_start(mainloop) >= 0
        var ready = connected
        while ready {
            let state = pa_context_get_state(context)
            if state == PA_CONTEXT_READY { break }
            if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED { ready = false; break }
            pa_threaded_mainloop_wait(mainloop)
        }
        pa_threaded_mainloop_unlock(mainloop)
        if !ready {
            let error = failure(device: device)
            teardown()
            throw error
        }
    }

    deinit { teardown() }

    private var tornDown = false

    private func teardown() {
        guard !tornDown else { return }
        tornDown = true
        pa_threaded_mainloop_lock(mainloop)
        pa_context_disconnect(context)
        pa_context_unref(context)
        pa_threaded_mainloop_unlock(mainloop)
        pa_threaded_mainloop_stop(mainloop)
        pa_threaded_mainloop_free(mainloop)
    }

    func withLock<T>(_ body: () throws(OutputError) -> T) throws(OutputError) -> T {
        pa_threaded_mainloop_lock(mainloop)
        defer { pa_threaded_mainloop_unlock(mainloop) }
        return try body()
    }

    /// Waits (lock held) for a callback's signal.
    func wait() { pa_threaded_mainloop_wait(mainloop) }

    var isReady: Bool { pa_context_get_state(context) == PA_CONTEXT_READY }

    /// The server's last error, as an `.unavailable` for `device`.
    func failure(device: String?) -> OutputError {
        .unavailable(backend: "PulseAudio", device: device, reason: lastError)
    }

    var lastError: String { String(cString: pa_strerror(pa_context_errno(context))).lowercased() }

    /// Waits (lock held) for an operation to finish, or for the connection to fail.
    func await(_ operation: OpaquePointer?) {
        guard let operation else { return }
        while pa_operation_get_state(operation) == PA_OPERATION_RUNNING && isReady { wait() }
        pa_operation_unref(operation)
    }
}

/// What libpulse's callbacks reach: the main loop to wake, the underflow count, and whatever a
/// listing collects. Touched only with the main loop's lock held.
final class PulseSignals {
    let mainloop: OpaquePointer
    var underflows = 0
    var sinks: [OutputDevice] = []

    init(mainloop: OpaquePointer) { self.mainloop = mainloop }

    func signal() { pa_threaded_mainloop_signal(mainloop, 0) }

    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ userdata: UnsafeMutableRawPointer?) -> PulseSignals {
        // Every callback is registered with the PulseSignals of a context that outlives it.
        guard let userdata else { preconditionFailure("libpulse callback without its user data") }
        return Unmanaged<PulseSignals>.fromOpaque(userdata).takeUnretainedValue()
    }
}
