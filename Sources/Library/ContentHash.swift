import CCrypto
import Foundation

/// The SHA-256 of a file's bytes, in hex: how a track that moved is recognised, and how a
/// changed file is told from an untouched one.
enum ContentHash {
    static func of(path: String) throws(LibraryError) -> String {
        guard let file = fopen(path, "rb") else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        guard let context = EVP_MD_CTX_new() else { throw .unreadable(path: path, reason: "no hash context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            throw .unreadable(path: path, reason: "SHA-256 unavailable")
        }
        let chunkSize = 1 << 20
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = fread(chunk, 1, chunkSize, file)
            if count > 0 { EVP_DigestUpdate(context, chunk, count) }
            if count < chunkSize {
                if ferror(file) != 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
                break
            }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return digest.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
