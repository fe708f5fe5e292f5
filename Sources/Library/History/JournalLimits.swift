/// What the merge reads of the history's files at most, whatever a device wrote into the
/// shared folder (any device may write any file there). A month's file holds a few thousand
/// lines of a few hundred bytes; these are hundreds of times that, and what lies beyond them is
/// skipped with a line, once (`MergeNotices`), and never read again unless it changes.
public enum JournalLimits {
    /// The longest line read: a record with the longest note (65,536 characters, each as
    /// much as six bytes in JSON) fits.
    public static let lineBytes = 1 << 20
    /// The largest file read: some 50,000 sits in a month.
    public static let fileBytes: Int64 = 16 << 20
    /// The most files of one device read (a hundred years of months), the first by name.
    public static let filesPerDevice = 1200
    /// The bytes of a file one reader takes at a time: a piece's records are applied before
    /// the next ones are made, so memory holds a few pieces, not a folder.
    static let pieceBytes: Int64 = 1 << 20
    /// The records a transaction takes before it commits: a merge killed part-way keeps what
    /// it committed, and a first merge is not a commit (a sync to the disk) per file.
    static let recordsPerCommit = 16384
}
