import Glibc

/// A sleep that another thread can cut short: a pipe of its own, so that the sleeper waits in
/// poll() on it alone, without the wake-ups of any other file it would otherwise watch.
final class WakeSignal: @unchecked Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    init() throws(OutputError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .unavailable(backend: "PulseAudio", device: nil,
                               reason: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends {
            // Neither end ever blocks (a full pipe has woken the sleeper already), and neither
            // is inherited by a program started meanwhile.
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Callable from any thread.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Sleeps up to `milliseconds`, less when signalled; a signal sent while awake ends the next
    /// sleep at once.
    func sleep(milliseconds: Int) {
        var watched = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, Int32(clamping: milliseconds)) > 0 else { return }
        var drained = (UInt64(0), UInt64(0))
        _ = read(readEnd, &drained, MemoryLayout.size(ofValue: drained))
    }
}
