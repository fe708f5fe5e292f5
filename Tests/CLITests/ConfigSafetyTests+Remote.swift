import Foundation
import ProgramTestSupport
import Testing

extension ConfigSafetyTests {
    @Test("config set remote to a service this machine never paired with is refused in one line, and nothing is set")
    func remoteMustBePaired() throws {
        // Given no pairing at all
        let scratch = try Scratch()
        let environment = ["XDG_CONFIG_HOME": scratch.path("config"), "XDG_DATA_HOME": scratch.path("data")]

        // When a remote is set by a name nobody paired
        let set = try CLIRunner.run(["config", "set", "remote", "nothere"], environment: environment)

        // Then it is refused, says how to pair, and config.toml has no remote
        #expect(set.status == 64)
        #expect(set.stderr.hasPrefix("meditate: error: not paired with 'nothere'; pair with"), "\(set.stderr)")
        #expect(set.stderr.split(separator: "\n").count == 1)
        let get = try CLIRunner.run(["config", "get", "remote"], environment: environment)
        #expect(!get.stdout.contains("nothere"), "\(get.stdout)")
    }
}
