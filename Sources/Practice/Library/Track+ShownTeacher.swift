import Library
import Localization
import Settings

extension Track {
    /// The teacher as shown: the edit, the artist tag, or a word for none.
    package var shownTeacher: String {
        knownTeacher ?? localized("Unknown teacher", de: "Unbekannte Lehrer:in")
    }
}
