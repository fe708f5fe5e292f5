import CGcrypt
import Foundation

/// The SHA-256 of a file's bytes, in hex: how a track that moved is recognised, and how a
/// changed file is told from an untouched one. Also of a few bytes in memory: the service
/// keeps its pairing token only as this.
public enum ContentHash {
    /// libgcrypt must be started once per process before its first use, and from one thread.
    private static let gcryptStarted: Bool = meditate_gcrypt_start() == 1

    static func of(path: String) throws(LibraryError) -> String {
        guard gcryptStarted else {
            throw .unreadable(path: path, reason: "libgcrypt is older than meditate was built for")
        }
        guard let file = fopen(path, "rb") else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var context: gcry_md_hd_t?
        guard gcry_md_open(&context, Int32(GCRY_MD_SHA256.rawValue), 0) == 0, let context else {
            throw .unreadable(path: path, reason: "SHA-256 unavailable")
        }
        defer { gcry_md_close(context) }
        let chunkSize = 1 << 20
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = fread(chunk, 1, chunkSize, file)
            if count > 0 { gcry_md_write(context, chunk, count) }
            if count < chunkSize {
                if ferror(file) != 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
                break
            }
        }
        guard let digest = gcry_md_read(context, Int32(GCRY_MD_SHA256.rawValue)) else {
            throw .unreadable(path: path, reason: "SHA-256 unavailable")
        }
        return hex(UnsafeBufferPointer(start: digest, count: digestLength))
    }

    /// The SHA-256 of `bytes`, in hex; nil when libgcrypt cannot give one.
    public static func of(bytes: [UInt8]) -> String? {
        guard gcryptStarted else { return nil }
        var digest = [UInt8](repeating: 0, count: digestLength)
        gcry_md_hash_buffer(Int32(GCRY_MD_SHA256.rawValue), &digest, bytes, bytes.count)
        return hex(digest)
    }

    private static let digestLength = Int(gcry_md_get_algo_dlen(Int32(GCRY_MD_SHA256.rawValue)))

    /// Bytes as lowercase hex, two digits each.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
