import ArgumentParser
import Localization
import Settings

extension ArgumentHelp {
    /// Help for a flag or argument in the run's language. ArgumentParser builds a command's
    /// arguments when it parses or prints help, after `Entry` has chosen the language.
    static func localized(_ english: String, de german: String, valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(Phrase(english, de: german).text, valueName: valueName)
    }
}
