import Decoders
import Foundation

/// Size and modification time: a file whose stamp is unchanged is not read again.
struct FileStamp: Sendable, Equatable {
    let size: Int64
    let modifiedAt: Double

    init(path: String) throws(LibraryError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        // A FIFO would block the hash for ever and a device never end: regular files only.
        if let kind = RegularFile.kind(of: info.st_mode) {
            throw .undecodable(.notRegularFile(path: path, kind: kind))
        }
        size = Int64(info.st_size)
        modifiedAt = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    func matches(_ track: Track) -> Bool {
        track.fileSize == size && track.modifiedAt == modifiedAt
    }
}
