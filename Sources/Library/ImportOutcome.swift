/// What importing one file did.
public enum ImportOutcome: Sendable, Equatable {
    case imported(Track)
    /// Already in the library, unchanged.
    case unchanged(Track)
    /// Known by its content at another path, where it is no longer: the entry follows it.
    case moved(Track, from: String)
    /// The file at a known path has new content: measured again, the edits kept.
    case updated(Track)
    /// The same audio is already in the library from another file that is still there.
    case duplicate(of: Track, path: String)
    case failed(path: String, error: LibraryError)

    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}
