import ArgumentParser
import Settings

extension ArgumentHelp {
    /// A session option's help as its setting declares it, in the run's language.
    static func setting(_ setting: some AnySetting) -> ArgumentHelp {
        ArgumentHelp(setting.help ?? setting.summary.text, valueName: setting.valueName)
    }
}
