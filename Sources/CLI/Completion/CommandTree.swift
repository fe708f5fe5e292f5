import ArgumentParser
import Foundation

/// The commands, options and values `meditate` declares, as ArgumentParser describes them for
/// tools (the JSON of `--experimental-dump-help`, which the man pages are made from too): what
/// completion offers follows the declarations by itself.
struct CommandTree: Decodable {
    let commandName: String
    let shouldDisplay: Bool?
    let defaultSubcommand: String?
    let subcommands: [CommandTree]?
    let arguments: [Argument]?

    struct Argument: Decodable {
        let kind: String
        let names: [Name]?
        let valueName: String?
        let shouldDisplay: Bool
        let allValues: [String]?
        let isRepeating: Bool?

        var takesValue: Bool { kind == "option" }
        var repeats: Bool { isRepeating ?? false }
        var isPositional: Bool { kind == "positional" }
        /// `--minutes`, `-o`: as they are typed.
        var spellings: [String] {
            (names ?? []).map { $0.kind == "short" ? "-" + $0.name : "--" + $0.name }
        }
        var longName: String? { names?.first { $0.kind != "short" }?.name }
    }

    struct Name: Decodable {
        let kind: String
        let name: String
    }

    struct Document: Decodable {
        let command: CommandTree
    }

    /// The whole tree of `meditate`, or nil should ArgumentParser's description not read.
    static func ofMeditate() -> CommandTree? {
        try? JSONDecoder().decode(Document.self, from: Data(Meditate._dumpHelp().utf8)).command
    }

    var visibleSubcommands: [CommandTree] {
        (subcommands ?? []).filter { $0.shouldDisplay != false && $0.commandName != "help" }
    }

    func subcommand(_ name: String) -> CommandTree? {
        subcommands?.first { $0.commandName == name }
    }

    var options: [Argument] { (arguments ?? []).filter { !$0.isPositional } }
    var positionals: [Argument] { (arguments ?? []).filter(\.isPositional) }

    func option(spelled word: String) -> Argument? {
        options.first { $0.spellings.contains(word) }
    }
}
