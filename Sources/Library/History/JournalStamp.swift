/// A history file as the merge found it: its path under the history's folder
/// ("<device-id>/2026-11.jsonl"), its size and the time it was last changed.
struct JournalStamp: Sendable {
    let file: String
    let size: Int64
    let modifiedAt: Double
}
