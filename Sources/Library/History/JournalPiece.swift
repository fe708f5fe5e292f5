import Foundation

/// A part of one history file for one reader: the lines that begin in bytes
/// `start..<end` (a line that begins there and ends beyond is read whole; one that began
/// before belongs to the piece before). A file is cut into pieces of
/// `JournalLimits.pieceBytes`, read on every core and applied in order.
struct JournalPiece: Sendable {
    /// The file's place in the merge's list of changed files.
    let file: Int
    let start: Int64
    let end: Int64
    /// The file's size when the merge looked: nothing after it is read.
    let size: Int64
    /// Where the file's reading resumes: a line begins here (the end of the last line read
    /// before), whatever the byte before it is.
    let resumesAt: Int64

    /// What a piece held.
    struct Lines: Sendable {
        var records: [PracticeRecord] = []
        /// The offset after the last line the piece read or skipped; nil when no line begins in
        /// the piece (it lies inside a long line of the piece before).
        var next: Int64?
        /// Lines longer than `JournalLimits.lineBytes`, passed over.
        var tooLong = 0
    }

    /// The pieces of a file from `offset` to `size`.
    static func pieces(file: Int, from offset: Int64, size: Int64) -> [JournalPiece] {
        stride(from: offset, to: size, by: Int(JournalLimits.pieceBytes)).map { start in
            JournalPiece(
                file: file, start: start, end: min(size, start + JournalLimits.pieceBytes), size: size,
                resumesAt: offset)
        }
    }

    /// Reads the piece's lines from `descriptor`. A last line without its end (a writer killed,
    /// a sync in flight) is left for later, unless it is too long already to be a record; a
    /// line that is no record is passed over; a change dated far ahead (a forged removal in
    /// the year 5138 would beat every later change for ever) is read as now and a little.
    func read(_ descriptor: Int32?) -> Lines {
        var lines = Lines()
        guard let descriptor else { return lines }
        var reader = ByteReader(descriptor: descriptor, size: size)
        var position = start
        if start != resumesAt {
            // A line begins at `start` only when the byte before it ends one.
            guard let newline = reader.newline(from: start - 1, before: end - 1) else { return lines }
            position = newline + 1
        }
        let latest = Date().timeIntervalSince1970 + PracticeRecord.clockTolerance
        let decoder = JSONDecoder()
        var line: [UInt8] = []
        while position < end {
            line.removeAll(keepingCapacity: true)
            let newline = reader.newline(from: position, before: size, gathering: &line, upTo: JournalLimits.lineBytes)
            guard let newline else {
                // Unfinished: too long to be a record already, or waiting to be whole.
                if reader.gatheredPast {
                    lines.tooLong += 1
                    lines.next = size
                }
                break
            }
            if reader.gatheredPast {
                lines.tooLong += 1
            } else if var record = try? decoder.decode(PracticeRecord.self, from: Data(line)), record.isWellFormed {
                record.changed = min(record.changed, latest)
                lines.records.append(record)
            }
            position = newline + 1
            lines.next = position
        }
        return lines
    }
}
