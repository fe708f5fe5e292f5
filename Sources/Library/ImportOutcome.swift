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
    case failed(path: String, reason: String)

    /// One line for the person importing.
    public var line: String {
        switch self {
        case let .imported(track): "imported #\(track.id ?? 0) \(track.teacher) — \(track.title)"
        case let .unchanged(track): "unchanged #\(track.id ?? 0) \(track.title)"
        case let .moved(track, from): "found again #\(track.id ?? 0) \(track.title) (moved from '\(from)')"
        case let .updated(track): "updated #\(track.id ?? 0) \(track.title) (the file changed)"
        case let .duplicate(track, path): "skipped '\(path)': the same audio as #\(track.id ?? 0) \(track.title)"
        case let .failed(_, reason): "skipped \(reason)"
        }
    }

    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}
