/// Opens the output a request names; `auto` tries PulseAudio, then ALSA.
public enum OutputOpener {
    /// The backends `backend` stands for, in the order they are tried.
    public static func candidates(_ backend: OutputBackend) -> [OutputBackend] {
        backend == .auto ? [.pulse, .alsa] : [backend]
    }

    /// The first output that opens, or one error that names every attempt and what to try instead.
    public static func open(_ request: OutputRequest) throws(OutputError) -> any AudioOutput {
        var failures: [OutputError] = []
        for backend in candidates(request.backend) {
            do {
                return try open(backend, request)
            } catch {
                failures.append(error)
            }
        }
        throw .noOutput(attempts: failures)
    }

    static func open(_ backend: OutputBackend, _ request: OutputRequest) throws(OutputError) -> any AudioOutput {
        switch backend {
        case .pulse, .auto:
            try PulseOutput(device: request.device, sampleRate: request.sampleRate,
                            latencyMilliseconds: request.latencyMilliseconds, streamName: request.streamName)
        case .alsa:
            try ALSAOutput(device: request.device, sampleRate: request.sampleRate,
                           latencyMilliseconds: request.latencyMilliseconds)
        }
    }
}
