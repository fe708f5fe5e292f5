// stdout's FILE is a C global that Swift 6 sees as shared mutable state; it is read once, on the
// main thread, and never replaced.
@preconcurrency import Glibc
import Localization

/// Writes to the standard streams with write(2), never through Foundation's
/// `FileHandle.write(_: Data)`, which traps on EIO: a terminal that goes away (ssh drops, the
/// window closes) or a full disk is a failed write here, which the caller may act on.
package enum StandardStream {
    /// Writes all of `text` to `descriptor`; false when the stream is gone or full.
    @discardableResult
    package static func write(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// What a command produces on stdout (a CSV, a JSON document), written at once: a failure
    /// is thrown with the system's reason, and the command exits non-zero.
    package static func output(_ text: String) throws(StandardOutputFailure) {
        // What `print` may hold is written first, so that the order stays.
        if let reason = flushOutput() { throw StandardOutputFailure(reason: reason) }
        guard write(text, to: STDOUT_FILENO) else {
            throw StandardOutputFailure(reason: String(cString: strerror(errno)))
        }
    }

    /// One line on stderr; where stderr is gone there is nobody to tell.
    package static func error(_ line: String) {
        write(line + "\n", to: STDERR_FILENO)
    }

    private nonisolated(unsafe) static let standardOutputFile: UnsafeMutablePointer<FILE> = stdout

    /// Flushes what `print` buffered for stdout and says whether all of it was written: a
    /// command whose output is lost (a full disk, a closed file) must not exit 0.
    package static func flushOutput() -> String? {
        let flushed = fflush(standardOutputFile) == 0
        let code = errno
        guard flushed else { return String(cString: strerror(code)) }
        guard ferror(standardOutputFile) == 0 else {
            return localized(
                "a write to standard output failed", de: "ein Schreiben auf die Standardausgabe schlug fehl")
        }
        return nil
    }
}
