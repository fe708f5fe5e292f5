import ArgumentParser
import Foundation
import Library
import Localization
import Practice
import Service
import Settings
import SyncFolder

/// Runs `meditate` and turns every failure into one line on stderr and a non-zero exit: no
/// usage dump after a bad value, no stack trace.
@main
enum Entry {
    static func main() {
        if let completion = CompletionCommand.output(for: Array(CommandLine.arguments.dropFirst())) {
            print(completion, terminator: "")
            exitAfterOutput(0)
        }
        // A schedule another device wrote for this one is checked as schedule.add checks one.
        ScheduleAcceptance.use { entry in
            ScheduleRequest.accepts(entry, library: LibraryPaths(environment: ProcessEnvironment.variables))
        }
        // What a merge skips of the history's files is said once, as the service says it too.
        MergeNotices.use { line in
            StandardStream.write("meditate: \(TerminalText.escapingControls(line))\n", to: STDERR_FILENO)
        }
        do {
            let arguments = try chooseLanguage(Array(CommandLine.arguments.dropFirst()))
            var command = try Meditate.parseAsRoot(
                negativeValuesJoined(ctlOptionsAfterCommand(presetAsCommand(arguments))))
            try command.run()
            exitAfterOutput(0)
        } catch let exit as ExitCode {
            // The command has already said what there was to say.
            exitAfterOutput(exit.rawValue)
        } catch let refusal as RequestRefusal {
            // A value the options took but their request refuses (`play --interval 5` without
            // --then): a usage error, as the parser's own are.
            fail(ValidationError(refusal.line))
        } catch {
            fail(error)
        }
    }

    /// Ends the run for `error`: help and --version printed and exit 0, else one line on stderr
    /// and the error's status (`FailureStatus`; ArgumentParser's own refusals are 64).
    private static func fail(_ error: any Error) -> Never {
        let code = Meditate.exitCode(for: error)
        if code == .success {
            // --help, written unwrapped by ArgumentParser (COLUMNS, which it reads, set past
            // any line's length) and laid out by HelpLayout. What else ends cleanly here is
            // printed as it comes: --version, and what tools read (the completion scripts,
            // --experimental-dump-help's JSON, which the man pages are made from).
            let width = HelpLayout.width(columnsVariable: ProcessEnvironment.variables["COLUMNS"])
            setenv("COLUMNS", "100000", 1)
            let message = Meditate.fullMessage(for: error)
            let isHelp = message.hasPrefix("OVERVIEW: ") || message.hasPrefix("USAGE: ")
            if message == MeditateVersion.number {
                // The version alone on the first line, for scripts; the licence under it.
                print(message + "\n" + say(.versionLicence))
            } else {
                print(isHelp ? HelpLayout.render(message, width: width) : message)
            }
            exitAfterOutput(code.rawValue)
        }
        let message = ErrorMessages.line(for: error)
        StandardStream.write("meditate: \(say(.errorPrefix)): \(message)\n", to: STDERR_FILENO)
        Foundation.exit(code == .failure ? status(of: error).rawValue : code.rawValue)
    }

    /// The status of one of the project's errors; the command line's own are usage errors.
    static func status(of error: any Error) -> FailureStatus {
        switch error {
        case let error as HistoryError:
            switch error {
            case .csv: .data
            case .unreadable: .noInput
            case .emptyRange, .remarkTooLong, .nothingToEdit, .removeNeedsYes, .badInstant: .usage
            case .noSuchSit: .noInput
            case .alreadyThere: .data
            }
        case is ScheduleWhenRefusal: .usage
        case let error as RemoteError:
            switch error {
            case .noAvahi, .unreachable, .notMeditate: .unavailable
            case .badLink, .noToken, .badToken, .notPaired: .usage
            case .refused, .otherService: .failure
            case .unreadableStore: .configuration
            case .unwritableStore: .cannotCreate
            }
        case is MQTTError: .configuration
        case is ShelfError: .cannotCreate
        default: FailureStatus.of(error)
        }
    }

    /// Exits with `code`, or with 74 and a line when what the command printed could not all be
    /// written (a full disk, a closed file): output that was lost is a failure.
    static func exitAfterOutput(_ code: Int32) -> Never {
        if let reason = StandardStream.flushOutput() {
            StandardStream.error(
                "meditate: \(say(.errorPrefix)): " + ErrorMessages.line(for: StandardOutputFailure(reason: reason)))
            Foundation.exit(code == 0 ? FailureStatus.inputOutput.rawValue : code)
        }
        Foundation.exit(code)
    }

    /// Takes `--lang en|de` out of the arguments (it applies to every command) and sets the
    /// language: the flag, else `lang` from the settings, else the locale.
    static func chooseLanguage(_ arguments: [String]) throws -> [String] {
        // A bad --lang is itself said in the locale's language.
        Language.use(Language.chosen(flag: nil))
        var rest: [String] = []
        var flag: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == "--lang" || argument.hasPrefix("--lang=") {
                let value =
                    argument == "--lang"
                    ? (index + 1 < arguments.count ? arguments[index + 1] : "") : String(argument.dropFirst(7))
                guard Language(rawValue: value) != nil else {
                    throw ValidationError(
                        localized(
                            "--lang must be en or de, not '\(value)'",
                            de: "--lang muss en oder de sein, nicht '\(value)'"))
                }
                flag = value
                index += argument == "--lang" ? 2 : 1
                continue
            }
            rest.append(argument)
            index += 1
        }
        // A config that does not load is reported by the command that reads it.
        let setting = (try? Settings.load())?.value(SettingKeys.lang, flag: nil)
        Language.use(Language.chosen(flag: flag ?? setting?.rawValue))
        return rest
    }

    /// `meditate ctl --host pi status` as `meditate ctl status --host pi`: where the service is
    /// (`--host`, `--socket`) is said once for every subcommand of ctl, before it, as a person
    /// types it; ArgumentParser takes a subcommand's options only after its name. They go to the
    /// end (before a `--`), where every subcommand, `schedule list` among them, takes them.
    static func ctlOptionsAfterCommand(_ arguments: [String]) -> [String] {
        guard arguments.first == "ctl" else { return arguments }
        var moved: [String] = []
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--host" || argument == "--socket", index + 1 < arguments.count {
                moved += arguments[index...(index + 1)]
                index += 2
            } else if argument.hasPrefix("--host=") || argument.hasPrefix("--socket=") {
                moved.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !moved.isEmpty else { return arguments }
        var rest = ["ctl"] + arguments[index...]
        rest.insert(contentsOf: moved, at: rest.firstIndex(of: "--") ?? rest.count)
        return rest
    }

    /// `--minutes -1` is `--minutes=-1`: ArgumentParser takes `-1` for a flag and says the value
    /// is missing, where the person gave one, which the option's own check then refuses with
    /// its reason; `ctl seek --by -15` moves back. After `--`, nothing is touched.
    static func negativeValuesJoined(_ arguments: [String]) -> [String] {
        var joined: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                joined += arguments[index...]
                break
            }
            if argument.hasPrefix("--"), !argument.contains("="), index + 1 < arguments.count,
                isNegativeNumber(arguments[index + 1])
            {
                joined.append(argument + "=" + arguments[index + 1])
                index += 2
                continue
            }
            joined.append(argument)
            index += 1
        }
        return joined
    }

    /// `-1`, `-0.5`, `-.5`: a minus, maybe a point, a digit, then digits and points. Read by
    /// hand: a regex here, on every run, brought Swift's regex parser into memory (0.8 MiB).
    static func isNegativeNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        guard rest.first == "-" else { return false }
        rest = rest.dropFirst()
        if rest.first == "." { rest = rest.dropFirst() }
        guard let first = rest.first, first.isASCII, first.isNumber else { return false }
        return rest.allSatisfy { $0 == "." || ($0.isASCII && $0.isNumber) }
    }

    /// `meditate morning …` is `meditate sit --preset morning …`: a first word that is not a
    /// command names a preset.
    static func presetAsCommand(_ arguments: [String]) throws -> [String] {
        guard let first = arguments.first, !first.hasPrefix("-"), !Meditate.commandNames.contains(first) else {
            return arguments
        }
        let presets = try Settings.load().presets
        guard presets[first] != nil else {
            if let meant = NearestName.to(first, among: presets.keys.sorted() + Meditate.commandNames.sorted()) {
                throw ValidationError(
                    localized(
                        "'\(first)' is neither a command nor a preset; did you mean '\(meant)'?",
                        de: "'\(first)' ist weder ein Befehl noch eine Vorlage; meintest du '\(meant)'?"))
            }
            throw ValidationError(
                localized(
                    "'\(first)' is neither a command nor a preset (see `meditate --help` and `meditate preset list`)",
                    de:
                        "'\(first)' ist weder ein Befehl noch eine Vorlage (siehe `meditate --help` und `meditate preset list`)"
                ))
        }
        return ["sit", "--preset", first] + arguments.dropFirst()
    }
}
