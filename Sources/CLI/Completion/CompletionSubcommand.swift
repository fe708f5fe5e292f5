import ArgumentParser
import Localization

/// `meditate completion bash|zsh|fish`: the completion script for a shell, for a person who did
/// not install the package (which puts them where each shell looks), as `gh completion` and
/// `rustup completions` print theirs.
struct CompletionSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: localized(
            "Print the Tab completion script for bash, zsh or fish.",
            de: "Gibt das Skript der Tab-Vervollständigung für bash, zsh oder fish aus."),
        discussion: localized(
            "The package installs them already. Without it:",
            de: "Das Paket installiert sie schon. Ohne es:")
                + """


                  source <(meditate completion bash)            # in ~/.bashrc
                  meditate completion zsh > ~/.zfunc/_meditate  # ~/.zfunc in fpath
                  meditate completion fish > ~/.config/fish/completions/meditate.fish
                """
    )

    @Argument(
        help: .localized("The shell: bash, zsh or fish.", de: "Die Shell: bash, zsh oder fish.", valueName: "shell"))
    var shell: String

    func validate() throws {
        guard CompletionScripts.script(for: shell) != nil else {
            throw ValidationError(
                localized(
                    "no completion for '\(shell)': bash, zsh or fish",
                    de: "keine Vervollständigung für '\(shell)': bash, zsh oder fish"))
        }
    }

    func run() throws {
        print(CompletionScripts.script(for: shell) ?? "", terminator: "")
    }
}
