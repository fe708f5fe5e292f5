import Decoders
import Glibc
import Localization

/// Reads a small text file a person hands over (config.toml, a history CSV, affirmations):
/// a regular file only (a FIFO would block, a device never end), at most `maxBytes` (checked
/// before anything is read into memory), and valid UTF-8; each failure is a reason in words.
package enum TextFile {
    package enum Failure: Error {
        case missing
        case unreadable(reason: String)

        package var reason: String {
            switch self {
            case .missing: localized("no such file", de: "keine solche Datei")
            case let .unreadable(reason): reason
            }
        }
    }

    package static let maxBytes = 64 << 20

    package static func read(_ path: String, maxBytes: Int = maxBytes) throws(Failure) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .missing }
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        switch RegularFile.kind(of: info.st_mode) {
        case nil: break
        case .directory?:
            throw .unreadable(reason: localized("it is a folder, not a file", de: "das ist ein Ordner, keine Datei"))
        case .some:
            throw .unreadable(reason: localized("it is not a regular file", de: "das ist keine gewöhnliche Datei"))
        }
        let tooLarge = Failure.unreadable(
            reason: localized(
                "larger than \(maxBytes >> 20) MiB",
                de: "größer als \(maxBytes >> 20) MiB"))
        guard info.st_size <= maxBytes else { throw tooLarge }
        // The size can grow between fstat and read: one byte more than allowed tells.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= maxBytes else { throw tooLarge }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maxBytes + 1 - bytes.count))
            }
            let got = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress.map { $0 + count }, $0.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: String(cString: strerror(errno)))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= maxBytes else { throw tooLarge }
        guard let text = String(validating: bytes[0..<count], as: UTF8.self) else {
            throw .unreadable(reason: localized("it is not UTF-8 text", de: "das ist kein UTF-8-Text"))
        }
        return text
    }
}
