import ArgumentParser
import Foundation

/// Runs `meditate` and turns every failure into one line on stderr and a non-zero exit: no
/// usage dump after a bad value, no stack trace.
@main
enum Entry {
    static func main() {
        do {
            var command = try Meditate.parseAsRoot(presetAsCommand(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch let exit as ExitCode {
            // The command has already said what there was to say.
            Foundation.exit(exit.rawValue)
        } catch {
            let code = Meditate.exitCode(for: error)
            if code == .success {
                // --help, --version and the like.
                Meditate.exit(withError: error)
            }
            let message = oneLine(Meditate.message(for: error))
            FileHandle.standardError.write(Data("meditate: error: \(message)\n".utf8))
            Foundation.exit(code.rawValue)
        }
    }

    /// `meditate morning …` is `meditate sit --preset morning …`: a first word that is not a
    /// command names a preset.
    static func presetAsCommand(_ arguments: [String]) throws -> [String] {
        guard let first = arguments.first, !first.hasPrefix("-"), !Meditate.commandNames.contains(first) else {
            return arguments
        }
        guard try Settings.load().file.presets[first] != nil else {
            throw ValidationError("'\(first)' is neither a command nor a preset (see `meditate --help` and `meditate preset list`)")
        }
        return ["sit", "--preset", first] + arguments.dropFirst()
    }

    /// ArgumentParser's own errors may span lines; keep the first, which names the problem.
    static func oneLine(_ message: String) -> String {
        let first = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? message
        return first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
    }
}
