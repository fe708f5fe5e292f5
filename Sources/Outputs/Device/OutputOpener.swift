/// Opens the device a session plays through: once at the start, and again each time the device
/// goes away mid-stream. `request(_:)` opens what an `OutputRequest` names; a test gives an
/// opener of its own (a mock device), so that the engine runs without a sound server.
public struct OutputOpener: Sendable {
    private let openDevice: @Sendable () throws(OutputError) -> any AudioOutput

    public init(_ open: @escaping @Sendable () throws(OutputError) -> any AudioOutput) {
        openDevice = open
    }

    /// Opens a device; called on the control thread at the start, on the output thread after a loss.
    public func open() throws(OutputError) -> any AudioOutput {
        try openDevice()
    }

    /// Opens what `request` names, each time anew: with `auto`, whatever answers then
    /// (PulseAudio back again, or ALSA).
    public static func request(_ request: OutputRequest) -> OutputOpener {
        OutputOpener { () throws(OutputError) in try open(request) }
    }

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
            try PulseOutput(
                device: request.device, sampleRate: request.sampleRate,
                latencyMilliseconds: request.latencyMilliseconds, streamName: request.streamName)
        case .alsa:
            try ALSAOutput(
                device: request.device, sampleRate: request.sampleRate,
                latencyMilliseconds: request.latencyMilliseconds)
        case .snapcast:
            try SnapcastOutput(
                path: request.device, sampleRate: request.sampleRate,
                latencyMilliseconds: request.latencyMilliseconds,
                serverBufferMilliseconds: request.snapcastBufferMilliseconds)
        }
    }
}
