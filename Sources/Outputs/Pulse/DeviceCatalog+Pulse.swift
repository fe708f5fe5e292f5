import CPulse

extension DeviceCatalog {
    /// The PulseAudio server's sinks, default first.
    public static func pulseSinks() throws(OutputError) -> [OutputDevice] {
        let connection = try PulseContext(device: nil)
        connection.signals.sinks = []
        connection.await(
            pa_context_get_sink_info_list(
                connection.context,
                { _, info, last, userdata in
                    if last == 0, let info {
                        PulseSignals.from(userdata).sinks.append(
                            OutputDevice(
                                name: String(cString: info.pointee.name),
                                description: String(cString: info.pointee.description)))
                    }
                }, connection.signals.userdata))
        return connection.signals.sinks
    }
}
