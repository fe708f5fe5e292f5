/// The costly part of importing one file — its hash, and its decode for tags, length and
/// loudness — done ahead of the import, on any thread, from what the library held then.
///
/// The import itself still decides, in order and one transaction per track, what the file is
/// (new, moved, a duplicate); it only takes these results instead of computing them again,
/// and only while the file's size and modification time are still those they were made from.
public struct ImportPreparation: Sendable {
    let stamp: FileStamp
    /// Nil when the file was known unchanged at its path (nothing to compute), or unreadable.
    let hash: String?
    /// Nil when the file was known by its content (nothing to decode); a failure is kept, so
    /// that a damaged file is not decoded twice to report it.
    let analysis: Result<TrackAnalysis, LibraryError>?

    /// What was prepared, if `stamp` says the file is still the one it was prepared from.
    func matching(_ stamp: FileStamp) -> ImportPreparation? {
        self.stamp == stamp ? self : nil
    }
}
