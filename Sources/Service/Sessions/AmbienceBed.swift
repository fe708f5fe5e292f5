import Session

/// A sit's ambience as AmbienceSetting opens it: the loop the mixer plays, and what the sit's
/// description calls it (a library track's title, a file's tag or name), not the reference a
/// person or the page gave ("3", "Rai").
package struct AmbienceBed {
    package let loop: AmbienceLoop
    package let title: String
}
