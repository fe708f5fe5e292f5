import Clock
import Control
import Foundation
import Library
import Localization
import Session
import Settings

/// A sit or a track made ready on a thread of its own (`meditate-prepare`): its gongs decoded,
/// its bed and track opened, a file outside the library measured from end to end. A 30-minute
/// FLAC takes seconds to measure, and a sparse file of gigabytes a minute; done on the control
/// thread, that held every client's answer, a stop and SIGTERM. The control thread only hands
/// the work over, answers everything else meanwhile, and places the session on the engine once
/// it is ready, unless it was stopped first.
///
/// Thread: made, read and cancelled on control; `work` runs on its own thread, which touches
/// nothing here but the outcome, under the lock, and the cancelled flag, under it too. Unchecked
/// for `answer`, which only the control thread holds and calls.
final class ServicePreparation: @unchecked Sendable {
    let source: AudioSource
    let resumeOther: Bool
    /// The language the request was made in, for what the session says once it starts.
    let language: Language?
    /// Where the outcome goes: the client's answer, or a schedule's log.
    /// Thread: control.
    let answer: (Result<JSONValue, RPCError>) -> Void

    private let lock = NSLock()
    private var outcome: Result<PreparedSession, any Error>?
    private var cancelled = false

    /// How long measuring a file outside the library may take before it is given up: the
    /// 30-minute FLAC of the issue took 8 s here, a Raspberry Pi takes some five times as long.
    static let measuringLimitSeconds = 120.0

    init(
        source: AudioSource, resumeOther: Bool, language: Language?,
        answer: @escaping (Result<JSONValue, RPCError>) -> Void
    ) {
        self.source = source
        self.resumeOther = resumeOther
        self.language = language
        self.answer = answer
    }

    /// Starts `work` on a thread of its own; `wake` wakes the control thread when it is done.
    /// Thread: control.
    func start(wake: @escaping @Sendable () -> Void, work: @escaping @Sendable () throws -> PreparedSession) {
        let language = language
        let thread = Thread { [self] in
            let deadline = MonotonicClock.seconds() + Self.measuringLimitSeconds
            let keepsMeasuring: @Sendable () -> Bool = { [weak self] in
                guard let self, !self.isCancelled else { return false }
                return MonotonicClock.seconds() < deadline
            }
            let result = Language.$requested.withValue(language) {
                MeasuringGate.with(keepsMeasuring) {
                    Result { try work() }
                }
            }
            lock.withLock { outcome = result }
            wake()
        }
        thread.name = "meditate-prepare"
        thread.start()
    }

    /// What the thread made, once it is done (nil before).
    /// Thread: control.
    var finished: Result<PreparedSession, any Error>? { lock.withLock { outcome } }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Stops the measuring at its next chunk; what is made is dropped, never started.
    /// Thread: control.
    func cancel() {
        lock.withLock { cancelled = true }
    }
}
