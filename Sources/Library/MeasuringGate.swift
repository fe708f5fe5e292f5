import Foundation

/// Whether the measuring of a file on this thread goes on (`TrackAnalysis` asks before each
/// chunk): a thread that makes a session ready sets a gate that a stop, SIGTERM or its time
/// limit close (`ServicePreparation`); import sets none and never stops.
///
/// A value of the thread, not a task-local: the preparation runs on a thread of its own, where
/// a second task-local bound inside another crashed the runtime (swift_task_localValuePush).
public enum MeasuringGate {
    private final class Gate {
        let isOpen: @Sendable () -> Bool
        init(_ isOpen: @escaping @Sendable () -> Bool) { self.isOpen = isOpen }
    }

    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Runs `body` with `isOpen` as this thread's gate, then the gate it had before.
    public static func with<Result>(
        _ isOpen: @escaping @Sendable () -> Bool, _ body: () throws -> Result
    ) rethrows
        -> Result
    {
        guard let key else { return try body() }
        let before = pthread_getspecific(key)
        let gate = Unmanaged.passRetained(Gate(isOpen))
        pthread_setspecific(key, gate.toOpaque())
        defer {
            pthread_setspecific(key, before)
            gate.release()
        }
        return try body()
    }

    /// Whether this thread's measuring may go on: true where no gate is set.
    public static var isOpen: Bool {
        guard let key, let raw = pthread_getspecific(key) else { return true }
        return Unmanaged<Gate>.fromOpaque(raw).takeUnretainedValue().isOpen()
    }
}
