import Foundation
import ProgramTestSupport
import Testing

extension CompletionTests {
    @Test(
        "meditate completion SHELL prints the script the package installs, for bash, zsh and fish; another shell is one line"
    )
    func completionSubcommandPrintsTheScripts() throws {
        for shell in ["bash", "zsh", "fish"] {
            // When the script is asked for as the README says
            let printed = try CLIRunner.run(["completion", shell])
            let installed = try CLIRunner.run(["--generate-completion-script", shell])
            // Then it is the script the package installs
            #expect(printed.status == 0, "\(shell): \(printed.stderr)")
            #expect(!printed.stdout.isEmpty && printed.stdout == installed.stdout, "\(shell)")
        }
        let other = try CLIRunner.run(["completion", "csh"])
        #expect(other.status == 64)
        #expect(other.stderr == "meditate: error: no completion for 'csh': bash, zsh or fish\n", "\(other.stderr)")
        // And the sourced bash script completes (the line the README gives works)
        let sourced = try CLIRunner.run(
            program: "/bin/bash",
            [
                "-c",
                "source <(meditate completion bash); COMP_WORDS=(meditate --noi); COMP_CWORD=1; _meditate; echo \"${COMPREPLY[@]}\""
            ], environment: ["PATH": CLIRunner.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"])
        #expect(sourced.stdout.contains("--noise"), "\(sourced.stdout) \(sourced.stderr)")
    }
}
