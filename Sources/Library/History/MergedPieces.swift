import Foundation

/// What the merge's readers decoded, file by file, gathered from their threads.
final class MergedPieces: @unchecked Sendable {
    private let lock = NSLock()
    private var pieces: [(index: Int, records: [PracticeRecord], offset: Int64)] = []

    func add(_ index: Int, _ piece: (records: [PracticeRecord], offset: Int64)) {
        lock.withLock { pieces.append((index, piece.records, piece.offset)) }
    }

    /// Every piece, in the order of the files they were read from.
    func inOrder() -> [(Int, (records: [PracticeRecord], offset: Int64))] {
        lock.withLock { pieces.sorted { $0.index < $1.index }.map { ($0.index, ($0.records, $0.offset)) } }
    }
}
