/// A text in both languages, kept whole until it is shown: a setting's description is declared
/// before the run's language is known.
package struct Phrase: Sendable, Equatable {
    package let english: String
    package let german: String

    package init(_ english: String, de german: String) {
        self.english = english
        self.german = german
    }

    /// The text in the run's language.
    package var text: String { Language.current == .de ? german : english }
}

/// A text that is said in one place only (a flag's help, a command's own line), written in both
/// languages where it is used; `say` serves the messages several places share. Both texts are
/// required, so no text can lack its German.
package func localized(_ english: String, de german: String) -> String {
    Phrase(english, de: german).text
}
