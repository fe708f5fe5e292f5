import CPulse

extension DeviceCatalog {
    /// The PulseAudio server's sinks, the default one first and marked.
    public static func pulseSinks() throws(OutputError) -> [OutputDevice] {
        let connection = try PulseContext(device: nil)
        connection.signals.sinks = []
        connection.await(
            pa_context_get_server_info(
                connection.context,
                { _, info, userdata in
                    if let info, let name = info.pointee.default_sink_name {
                        PulseSignals.from(userdata).defaultSink = String(cString: name)
                    }
                }, connection.signals.userdata))
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
        let fallback = connection.signals.defaultSink
        var sinks = connection.signals.sinks.map { sink in
            var sink = sink
            sink.isDefault = sink.name == fallback
            return sink
        }
        sinks.sort { $0.isDefault && !$1.isDefault }
        return sinks
    }
}
