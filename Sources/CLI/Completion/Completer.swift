import Foundation
import Library
import Session
import Settings

/// What Tab offers after the words typed so far: the shells' completion scripts
/// (`CompletionScripts`) ask `meditate __complete SHELL -- WORD…` and show its lines. The README
/// leaves out `sit`, so the top level offers the sit's options and values beside the commands
/// and presets; values come from the declarations, config.toml, the bundled sounds and the
/// library.
struct Completer {
    /// The candidates, and whether the shell should offer file names too.
    struct Answer: Equatable {
        var words: [String] = []
        var files = false
    }

    /// What a schedule starts: `ctl`'s commands of those names.
    static let scheduled = ["sit", "play", "bell", "remind"]

    let tree: CommandTree
    let presets: [String]
    let titles: () -> [String]
    /// The library's courses by name, read only when a course is to be named.
    var courses: () -> [String] = { [] }

    /// `words`: after `meditate`, up to and including the one being completed (maybe empty).
    func complete(_ words: [String]) -> Answer {
        // `--noise=pi`: the value after the `=`, offered with the option before it.
        if let last = words.last, last.hasPrefix("--"), let equals = last.firstIndex(of: "=") {
            let option = String(last[..<equals])
            let answer = complete(words.dropLast() + [option, String(last[last.index(after: equals)...])])
            return Answer(words: answer.words.map { option + "=" + $0 })
        }
        let current = words.last ?? ""
        var typed = Array(words.dropLast())
        var command = tree
        var path: [String] = []
        // Down the subcommands named; a first word that is none is the default command's.
        while let first = typed.first, let sub = command.subcommand(first), !first.hasPrefix("-") {
            command = sub
            path.append(first)
            typed.removeFirst()
        }
        // `schedule add --at 06:30 sit --minutes 20`: after what it starts, that `ctl` command's.
        if path.suffix(2) == ["schedule", "add"], let ctl = tree.subcommand("ctl") {
            if let index = typed.firstIndex(where: { ctl.subcommand($0) != nil && Self.scheduled.contains($0) }),
                let started = ctl.subcommand(typed[index])
            {
                path = ["ctl", typed[index]]
                command = started
                typed.removeFirst(index + 1)
            } else if !current.hasPrefix("-"),
                !(typed.last.map { command.option(spelled: $0)?.takesValue ?? false } ?? false)
            {
                return filtered(Answer(words: Self.scheduled), current)
            }
        }
        let atTop = path.isEmpty
        let presetFirst = atTop && typed.first.map(presets.contains) == true
        if presetFirst { typed.removeFirst() }
        let sit = atTop ? tree.subcommand(tree.defaultSubcommand ?? "sit") : nil
        let options = command.options + (sit?.options ?? [])

        // The value of the option just typed; `--lang`, which every command takes, is read
        // before ArgumentParser and is in no command's declarations.
        if typed.last == "--lang" { return filtered(Answer(words: ["en", "de"]), current) }
        if let last = typed.last, let option = options.first(where: { $0.spellings.contains(last) }), option.takesValue
        {
            return filtered(values(of: option), current)
        }
        if current.hasPrefix("-") {
            let spelled = options.filter(\.shouldDisplay).flatMap { $0.spellings.filter { $0.hasPrefix("--") } }
            return filtered(Answer(words: uniqued(spelled + ["--help", "--lang"])), current)
        }
        let positionalCount = positionalsBefore(typed, options: options)
        if atTop {
            // A command or a preset comes first; after the sit's options, nothing more is typed.
            guard typed.isEmpty, !presetFirst else { return Answer() }
            let commands = tree.visibleSubcommands.map(\.commandName)
            return filtered(Answer(words: commands + presets), current)
        }
        if !command.visibleSubcommands.isEmpty, positionalCount == 0 {
            // `course NAME` plays it (the default subcommand): the names beside the subcommands.
            let named = path == ["course"] ? courses() : []
            return filtered(Answer(words: command.visibleSubcommands.map(\.commandName) + named), current)
        }
        return filtered(positional(positionalCount, of: path, command: command, typed: typed), current)
    }

    /// How many positional words stand in `typed`: words that are neither options nor their values.
    private func positionalsBefore(_ typed: [String], options: [CommandTree.Argument]) -> Int {
        var count = 0
        var skipNext = false
        for word in typed {
            if skipNext {
                skipNext = false
                continue
            }
            if word.hasPrefix("-") {
                skipNext = options.first { $0.spellings.contains(word) }?.takesValue ?? false
                continue
            }
            count += 1
        }
        return count
    }

    private func values(of option: CommandTree.Argument) -> Answer {
        if let all = option.allValues, !all.isEmpty { return Answer(words: all) }
        let name = option.longName ?? ""
        let valueName = option.valueName ?? ""
        if name == "preset" { return Answer(words: presets) }
        if name == "lang" { return Answer(words: ["en", "de"]) }
        if valueName.hasPrefix("name|path") {
            let none = valueName.hasSuffix("|none") ? [GongChoice.silentName] : []
            return Answer(words: BundledSound.allCases.map(\.rawValue) + none, files: true)
        }
        if valueName == "path|track|none" { return Answer(words: titles() + ["none"], files: true) }
        if valueName == "track" { return Answer(words: titles(), files: true) }
        if ["path", "file", "folder"].contains(valueName) { return Answer(files: true) }
        if valueName.hasSuffix("|none") { return Answer(words: ["none"]) }
        return Answer()
    }

    /// The `index`th positional word (from 0) of the command at `path`.
    private func positional(_ index: Int, of path: [String], command: CommandTree, typed: [String]) -> Answer {
        let bundled = BundledSound.allCases.map(\.rawValue)
        switch (path.joined(separator: " "), index) {
        case ("config get", 0), ("config set", 0), ("config unset", 0):
            return Answer(words: SettingKeys.all.filter(\.belongsInConfig).map(\.name))
        case ("config set", 1):
            // The values of the key typed before.
            let key = typed.last { !$0.hasPrefix("-") } ?? ""
            guard let setting = SettingKeys.named(key) else { return Answer() }
            if !setting.choices.isEmpty { return Answer(words: setting.choices) }
            if key.hasSuffix("gong") { return Answer(words: bundled, files: true) }
            if key == SettingKeys.ambience.name { return Answer(words: titles() + ["none"], files: true) }
            return Answer()
        case ("preset show", 0), ("preset remove", 0):
            return Answer(words: presets)
        case ("course play", 0), ("course reset", 0), ("library course remove", 0):
            return Answer(words: courses())
        case ("help", 0):
            return Answer(words: tree.visibleSubcommands.map(\.commandName))
        default:
            let arguments = command.positionals
            guard let argument = index < arguments.count ? arguments[index] : arguments.last(where: \.repeats)
            else { return Answer() }
            return values(of: argument)
        }
    }

    private func filtered(_ answer: Answer, _ current: String) -> Answer {
        Answer(words: uniqued(answer.words.filter { $0.hasPrefix(current) }), files: answer.files)
    }

    private func uniqued(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}
