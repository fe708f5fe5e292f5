import Foundation

/// What is at the path meditate would write snapserver's frames to: a FIFO (snapserver's pipe
/// source, made when snapserver starts), nothing (no snapserver has run with that source here),
/// or something else that a FIFO's reader would never empty.
public enum SnapcastPipe: Sendable, Equatable {
    case fifo
    case missing
    case notAFIFO

    /// What is at `path` now.
    public init(path: String) {
        var status = stat()
        if stat(path, &status) != 0 {
            self = .missing
        } else {
            self = status.st_mode & S_IFMT == S_IFIFO ? .fifo : .notAFIFO
        }
    }
}
