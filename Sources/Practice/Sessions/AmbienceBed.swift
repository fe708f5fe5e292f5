import Session

/// A sit's ambience as AmbienceSetting opens it: the loop the mixer plays, what the sit's
/// description calls it (a library track's title, a file's tag or name), not the reference a
/// person or the page gave ("3", "Rai"), and that reference as another process can follow it (a
/// file's absolute path, a track's id or title as given), which the history note keeps.
package struct AmbienceBed {
    package let loop: AmbienceLoop
    package let title: String
    package let source: String
}
