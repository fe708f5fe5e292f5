import Foundation

/// The lock that makes one service per socket: `flock` on a file beside it, taken before the
/// socket is touched and held until the service has removed it. Checking whether the socket
/// answers and then binding was a race: two services started together both served, and the
/// one stopped first removed the other's socket. The kernel releases the lock when the process
/// ends, however it ends, so a killed service leaves nothing that blocks the next. The file
/// holds the holder's pid, for the refusal's words; it is never removed (removing it would let
/// a third service lock a new file while a second still holds the old one).
///
/// Thread: the caller's, once at the start; the lock is then the process's.
final class ServiceLock: Sendable {
    let path: String
    private let descriptor: Int32

    /// Takes the lock for `socket`, or throws `.alreadyRunning` naming the holder.
    init(socket: String) throws(ControlError) {
        path = socket + ".lock"
        // Close-on-exec: a hook's child must not keep the lock after the service is gone.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw .cannotListen(path: socket, reason: "\(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            let holder = Self.holder(in: descriptor)
            close(descriptor)
            guard failure == EWOULDBLOCK else {
                throw .cannotListen(path: socket, reason: "\(path): \(String(cString: strerror(failure)))")
            }
            throw .alreadyRunning(path: socket, pid: holder)
        }
        let line = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = line.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        self.descriptor = descriptor
    }

    /// Gives the lock up (after the socket file is removed).
    func release() {
        close(descriptor)
    }

    /// The pid the holder wrote: a holder that has only just taken the lock writes it a moment
    /// later, so an empty file is read again for up to 200 ms.
    private static func holder(in descriptor: Int32) -> Int32? {
        for _ in 0..<20 {
            if let pid = pid(in: descriptor) { return pid }
            usleep(10_000)
        }
        return nil
    }

    /// The pid the holder wrote, if it is a plausible one.
    private static func pid(in descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = Int32(text), pid > 0 else { return nil }
        return pid
    }
}
