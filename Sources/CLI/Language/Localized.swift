import ArgumentParser

/// A text in both languages, kept whole until it is shown: a setting's description is declared
/// before the run's language is known.
struct Phrase: Sendable, Equatable {
    let english: String
    let german: String

    init(_ english: String, de german: String) {
        self.english = english
        self.german = german
    }

    /// The text in the run's language.
    var text: String { Language.current == .de ? german : english }
}

/// A text that is said in one place only (a flag's help, a command's own line), written in both
/// languages where it is used; `say` serves the messages several places share. Both texts are
/// required, so no text can lack its German.
func localized(_ english: String, de german: String) -> String {
    Phrase(english, de: german).text
}

extension ArgumentHelp {
    /// Help for a flag or argument in the run's language. ArgumentParser builds a command's
    /// arguments when it parses or prints help, after `Entry` has chosen the language.
    static func localized(_ english: String, de german: String, valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(Phrase(english, de: german).text, valueName: valueName)
    }
}
