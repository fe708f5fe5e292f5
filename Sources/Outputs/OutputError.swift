import Foundation

/// Why audio could not be written or played.
public enum OutputError: LocalizedError, Equatable {
    case cannotCreate(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    /// A destination that exists and is not a regular file: a device, a FIFO, a folder, a
    /// socket, or a link to one. Renaming a render onto it would replace it.
    case notAFile(path: String)
    /// `-o -`: a WAV's header needs its length, which a stream cannot go back and write.
    case standardOutput
    /// A sound system or device could not be opened.
    case unavailable(backend: String, device: String?, reason: String)
    /// The device or sound server went away while playing.
    case deviceLost(reason: String)
    /// Nothing could be opened; each attempt says why.
    case noOutput(attempts: [OutputError])
    /// The engine plays as many programs at once as it was made for, and one more was asked.
    case engineFull(programs: Int)

    public var errorDescription: String? {
        switch self {
        case let .cannotCreate(path, reason): return "cannot write '\(path)': \(reason)"
        case let .writeFailed(path, reason): return "writing '\(path)' failed: \(reason)"
        case let .notAFile(path):
            return
                "cannot write '\(path)': it is not a regular file (a device, a FIFO or a folder); -o writes files only"
        case .standardOutput:
            return "-o - (standard output) is not supported: a WAV's header needs the length; give a file name"
        case let .unavailable(backend, device, reason):
            let name = device.map { " device '\($0)'" } ?? ""
            return "cannot open \(backend)\(name): \(reason)"
        case let .deviceLost(reason): return "the sound device went away: \(reason)"
        case let .engineFull(programs):
            return "\(programs) sounds are playing at once, as many as the engine plays; try again when one ends"
        case let .noOutput(attempts):
            return "no sound output: " + attempts.map { $0.errorDescription ?? "\($0)" }.joined(separator: "; ")
                + " (choose one with --backend pulse|alsa|snapcast and --device NAME, see `meditate devices`, "
                + "or write a file with `meditate render`)"
        }
    }
}
