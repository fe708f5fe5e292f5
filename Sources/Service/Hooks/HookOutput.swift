import CPipe
import Foundation
import Logging

/// What one hook writes to its standard error: read from a pipe by the hook thread and put into
/// the service's log line by line, up to `limit` bytes, each line named after its hook; the
/// rest is read and dropped, and said once. A hook's error output went straight into the
/// journal before, without bound (100 MB seen from one hook).
final class HookOutput {
    /// The read end, non-blocking; the hook thread's own.
    private let descriptor: Int32
    /// The write end, for the child's standard error; closed here once the child has it.
    private(set) var childEnd: Int32
    private let name: String
    private var forwarded = 0
    private var line: [UInt8] = []
    private var cut = false

    /// What a hook may put into the log, each time it runs.
    static let limit = 4096
    /// The most read in one pass of the hook thread, so that a chatty hook cannot hold it.
    static let readPerPass = 1 << 20

    /// A pipe for the hook `name`; nil when none can be made (the hook then runs without).
    init?(name: String) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        descriptor = ends[0]
        childEnd = ends[1]
        self.name = name
        // Close-on-exec (the hook's own copy is made by dup2, which clears it), and the read end
        // non-blocking: the hook thread reads what has come and goes on.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(childEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        // The hook thread empties the pipe every 50 ms while hooks run: at the default 64 KiB,
        // a hook that writes much would wait for it (1.3 MB/s); at 1 MiB, 20 MB/s.
        _ = meditate_pipe_resize(descriptor, Int32(Self.readPerPass))
    }

    /// The child has been started with its standard error on the pipe: the service keeps only
    /// the read end, so that the pipe ends when the hook (and what it left behind) closes it.
    func childStarted() {
        Foundation.close(childEnd)
        childEnd = -1
    }

    /// Reads what has come (up to `readPerPass`), logging whole lines within the limit.
    func drain(into logger: Logger) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var total = 0
        while total < Self.readPerPass {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            total += count
            take(buffer[..<count], logger: logger)
        }
    }

    /// The hook has ended: what is left is read, a last partial line logged, the pipe closed.
    func finish(into logger: Logger) {
        drain(into: logger)
        if !line.isEmpty && !cut { log(line, logger: logger) }
        Foundation.close(descriptor)
        if childEnd >= 0 { Foundation.close(childEnd) }
    }

    private func take(_ bytes: ArraySlice<UInt8>, logger: Logger) {
        guard !cut else { return }
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                log(line, logger: logger)
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
            }
            forwarded += 1
            if forwarded >= Self.limit {
                cut = true
                logger.warning("hook \(name): more output than \(Self.limit) bytes; the rest is not logged")
                return
            }
        }
    }

    private func log(_ bytes: [UInt8], logger: Logger) {
        logger.notice("hook \(name): \(String(decoding: bytes, as: UTF8.self))")
    }
}
