import CPulse

/// A connection to a PulseAudio server on a libpulse main loop that its one user thread runs
/// itself (`iterate`), as pacat does: no main-loop thread, so no lock and no cross-thread wake-up
/// per request of the server.
///
/// Used by one thread at a time: made on one, then handed to the output thread.
final class PulseContext {
    let mainloop: OpaquePointer
    let context: OpaquePointer
    /// The desktop entry's name (contrib/desktop), which AppStream's rules make reverse-DNS.
    static let applicationID = "io.github.meditate.Meditate"
    /// The installed icon's name (share/icons/hicolor/scalable/apps/meditate.svg).
    static let iconName = "meditate"
    /// What callbacks reach through their user data.
    let signals = PulseSignals()

    init(device: String?) throws(OutputError) {
        guard let mainloop = pa_mainloop_new() else {
            throw .unavailable(backend: "PulseAudio", device: device, reason: "cannot make a main loop")
        }
        // Without shared memory: the server then sends no message for each 64 KiB block of it
        // that it has played (about six a second, each a wake-up of the output thread, half of
        // its CPU); the 384 kB a second go through the socket instead. Ignored before libpulse 15.
        guard let properties = pa_proplist_new() else {
            pa_mainloop_free(mainloop)
            throw .unavailable(backend: "PulseAudio", device: device, reason: "cannot make a property list")
        }
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, "context.force.disable.shm", "true")
        // Who plays: a desktop's mixer names the application and shows its icon, which the
        // .desktop file and the installed icon share.
        pa_proplist_sets(properties, PA_PROP_APPLICATION_NAME, "meditate")
        pa_proplist_sets(properties, PA_PROP_APPLICATION_ID, Self.applicationID)
        pa_proplist_sets(properties, PA_PROP_APPLICATION_ICON_NAME, Self.iconName)
        guard let context = pa_context_new_with_proplist(pa_mainloop_get_api(mainloop), "meditate", properties) else {
            pa_mainloop_free(mainloop)
            throw .unavailable(backend: "PulseAudio", device: device, reason: "cannot make a context")
        }
        self.mainloop = mainloop
        self.context = context
        var ready = pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0
        while ready {
            let state = pa_context_get_state(context)
            if state == PA_CONTEXT_READY { break }
            if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
                ready = false
                break
            }
            iterate()
        }
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
        pa_context_disconnect(context)
        pa_context_unref(context)
        pa_mainloop_free(mainloop)
    }

    /// Runs the main loop until something happens (a request of the server, a reply, a state change).
    func iterate() { _ = pa_mainloop_iterate(mainloop, 1, nil) }

    /// Runs the main loop until something happens or `milliseconds` have passed.
    func iterate(milliseconds: Int) {
        guard pa_mainloop_prepare(mainloop, Int32(milliseconds * 1000)) >= 0,
            pa_mainloop_poll(mainloop) >= 0
        else { return }
        _ = pa_mainloop_dispatch(mainloop)
    }

    /// Sends what is queued (written data, requests) without waiting.
    func flush() { _ = pa_mainloop_iterate(mainloop, 0, nil) }

    var isReady: Bool { pa_context_get_state(context) == PA_CONTEXT_READY }

    /// The server's last error, as an `.unavailable` for `device`.
    func failure(device: String?) -> OutputError {
        // A sink that is not there is "no such entity" in PulseAudio's words.
        if device != nil, pa_context_errno(context) == Int32(PA_ERR_NOENTITY.rawValue) {
            return .unavailable(backend: "PulseAudio", device: device, reason: "no sink of that name")
        }
        return .unavailable(backend: "PulseAudio", device: device, reason: lastError)
    }

    var lastError: String { String(cString: pa_strerror(pa_context_errno(context))).lowercased() }

    /// The sample format `device` (the default sink when nil) runs at, if the server says.
    func sampleFormat(ofSink device: String?) -> pa_sample_format_t? {
        signals.sinkFormat = nil
        self.await(
            pa_context_get_sink_info_by_name(
                context, device ?? "@DEFAULT_SINK@",
                { _, info, _, userdata in
                    if let info { PulseSignals.from(userdata).sinkFormat = info.pointee.sample_spec.format }
                }, signals.userdata))
        return signals.sinkFormat
    }

    /// Runs the main loop until an operation has finished, or the connection has failed.
    func await(_ operation: OpaquePointer?) {
        guard let operation else { return }
        while pa_operation_get_state(operation) == PA_OPERATION_RUNNING && isReady { iterate() }
        pa_operation_unref(operation)
    }
}
