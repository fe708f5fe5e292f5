import Library
import Practice
import Session
import Settings

/// A session whose files are ready (gongs decoded, the bed and the track opened and measured),
/// not yet placed on the engine: what a preparation's thread hands the control thread.
///
/// Unchecked: it is made on the preparation's thread and handed over once, under the
/// preparation's lock; that thread keeps no reference to it, and nothing in it is running yet.
struct PreparedSession: @unchecked Sendable {
    let outline: SessionOutline
    let track: TrackPlayer?
    let sounds: GongSounds
    let ambience: AmbienceLoop?
    let settings: Settings
    let note: SessionNote
    /// How the history keeps it: nil for what its source says (a sit, a guided track).
    var kind: PracticeSession.Kind? = nil
    /// What the machine does once it has run to its end.
    var after = AfterSit.stop
    /// When its first frame is to be heard (seconds since 1970; a sit `until` a time), else at once.
    var startsAt: Double?
    /// The sitter's own note of it, for the history.
    var remark = ""
    /// A sit until a time of day made again as of an instant (seconds since 1970), just before
    /// it is placed on the engine: its length and `startsAt` from then, however long making it
    /// ready took. Arithmetic only (no file is read).
    var fixingUntil: ((Double) throws -> PreparedSession?)? = nil
}
