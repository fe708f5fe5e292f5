import ArgumentParser
import Control

/// The options of a sit that a client sends (`sit.start`): the long options of `meditate sit`
/// as JSON members, `{"minutes": 20, "interval": 5, "noise": "white", "preset": "morning"}`.
/// They are read by the same option parser as the command line, so a bad value is refused with
/// the line `meditate sit` would print.
struct SitRequest: ParsableArguments {
    @OptionGroup var session: SessionOptions
    @OptionGroup var preset: PresetOption

    /// Parses `params`; a member that is not an option of `meditate sit`, or a value the option
    /// does not take, is `invalidParams` with the parser's line.
    static func parse(params: JSONValue) throws(RPCError) -> SitRequest {
        let arguments = try commandLine(of: params)
        do {
            return try parse(arguments)
        } catch {
            throw .invalidParams(ErrorMessages.line(for: error))
        }
    }

    /// `{"minutes": 20, "bells": [5, 12.5], "interval": null}` → `--bells=5,12.5 --interval=none
    /// --minutes=20`: each value joined to its option, so that `-1` is the value of --minutes
    /// (and refused as such), not an option of its own.
    static func commandLine(of params: JSONValue) throws(RPCError) -> [String] {
        guard case let .object(members) = params else {
            throw .invalidParams("the options are an object, e.g. {\"minutes\": 20}")
        }
        var arguments: [String] = []
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "-" }), !name.hasPrefix("-") else {
                throw .invalidParams("'\(name)' is not an option")
            }
            switch value {
            // A flag: `"normalize": false` is --no-normalize.
            case let .bool(on): arguments.append(on ? "--" + name : "--no-" + name)
            case let .array(items): arguments.append("--\(name)=" + (try items.map(text).joined(separator: ",")))
            // "none this time", for an option that takes it (`"interval": null`).
            case .null: arguments.append("--\(name)=none")
            default: arguments.append("--\(name)=" + (try text(value)))
            }
        }
        return arguments
    }

    private static func text(_ value: JSONValue) throws(RPCError) -> String {
        switch value {
        case let .string(text): return text
        case .number: return value.intValue.map(String.init) ?? value.line
        case .bool, .null, .array, .object:
            throw .invalidParams("an option's value is a number, a text or (a flag) true or false, not \(value.line)")
        }
    }

    /// The options given, as members of `sit.start`'s params (what `meditate ctl sit` sends).
    var params: JSONValue { Self.params(session: session, preset: preset) }

    static func params(session: SessionOptions, preset: PresetOption) -> JSONValue {
        var members = session.givenValues.mapValues { JSONValue.string($0) }
        if let name = preset.preset { members["preset"] = .string(name) }
        return ClientPath.absoluteGong(.object(members))
    }
}
