import Foundation

/// Reads a file through a buffer of its own, looking for line ends: a line's bytes gathered up
/// to a limit, the rest of a longer one passed over without being kept.
struct ByteReader {
    let descriptor: Int32
    /// Nothing at or after it is read.
    let size: Int64
    private var buffer = [UInt8](repeating: 0, count: 256 << 10)
    /// The file offset of `buffer[0]`, and how many of its bytes are read.
    private var bufferStart: Int64 = 0
    private var bufferCount = 0
    /// Whether the last line gathered was longer than its limit.
    private(set) var gatheredPast = false

    init(descriptor: Int32, size: Int64) {
        self.descriptor = descriptor
        self.size = size
    }

    /// The offset of the first line end in `from..<before`, or nil.
    mutating func newline(from: Int64, before: Int64) -> Int64? {
        var ignored: [UInt8] = []
        return newline(from: from, before: before, gathering: &ignored, upTo: 0)
    }

    /// The offset of the first line end in `from..<before`, or nil; the bytes before it are
    /// appended to `line` up to `limit` of them (`gatheredPast` says whether there were more).
    mutating func newline(from: Int64, before: Int64, gathering line: inout [UInt8], upTo limit: Int) -> Int64? {
        gatheredPast = false
        var position = max(0, from)
        let last = min(before, size)
        while position < last {
            guard fill(at: position) else { return nil }
            let offset = Int(position - bufferStart)
            let available = min(bufferCount, Int(last - bufferStart))
            let found = buffer[offset..<available].firstIndex(of: UInt8(ascii: "\n"))
            let taken = (found ?? available) - offset
            let room = max(0, limit - line.count)
            if taken > room { gatheredPast = true }
            if room > 0 { line.append(contentsOf: buffer[offset..<(offset + min(taken, room))]) }
            if let found { return bufferStart + Int64(found) }
            position = bufferStart + Int64(available)
        }
        return nil
    }

    /// Makes the buffer hold the byte at `position`; false at the end of what can be read.
    private mutating func fill(at position: Int64) -> Bool {
        if position >= bufferStart, position < bufferStart + Int64(bufferCount) { return true }
        let wanted = Int(min(Int64(buffer.count), size - position))
        guard wanted > 0 else { return false }
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(position)) }
        guard count > 0 else { return false }
        bufferStart = position
        bufferCount = count
        return true
    }
}
