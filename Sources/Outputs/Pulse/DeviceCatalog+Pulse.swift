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
                    guard let info else { return }
                    let signals = PulseSignals.from(userdata)
                    if let name = info.pointee.default_sink_name { signals.defaultSink = String(cString: name) }
                    signals.server = DeviceCatalog.serverName(
                        info.pointee.server_name.map { String(cString: $0) } ?? "",
                        version: info.pointee.server_version.map { String(cString: $0) } ?? "")
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
            sink.server = connection.signals.server
            return sink
        }
        sinks.sort { $0.isDefault && !$1.isDefault }
        return sinks
    }

    /// The server as a person knows it: PulseAudio's own says "pulseaudio" and its version apart;
    /// pipewire-pulse says "PulseAudio (on PipeWire 0.3.65)", its version being the PulseAudio
    /// protocol's it speaks (15.0.0), which says nothing of PipeWire's.
    static func serverName(_ name: String, version: String) -> String {
        if name == "pulseaudio" { return version.isEmpty ? "PulseAudio" : "PulseAudio \(version)" }
        return name
    }
}
