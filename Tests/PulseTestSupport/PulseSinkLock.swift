import Foundation

/// Held by a test while it plays to the private PulseAudio server's one null sink: tests run in
/// parallel, across test targets too, and two sessions on one sink would be heard mixed.
public final class PulseSinkLock {
    private let descriptor: Int32

    public init() {
        let path = ProcessInfo.processInfo.environment["MEDITATE_TEST_PULSE_LOCK"] ?? "/tmp/meditate-test-pulse.lock"
        descriptor = open(path, O_CREAT | O_RDWR, 0o600)
        if descriptor >= 0 { flock(descriptor, LOCK_EX) }
    }

    deinit {
        if descriptor >= 0 {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }
}
