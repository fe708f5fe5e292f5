import ArgumentParser
import Control
import Settings

/// A bell rung alone (`bell.ring`, `meditate ctl bell`, a schedule's bell): `{"gong": "bell",
/// "strikes": 3, "gong-volume": 0.8}`, the sit's own gong options, read by the same parser, so
/// a bad value gets the line `meditate sit` would print. What is not given comes from the
/// settings, as for a sit.
struct BellRequest: ParsableArguments {
    @Option(
        help: .localized(
            "A bundled sound (bowl, gong, bell) or an audio file (default: the setting).",
            de: "Ein mitgelieferter Klang (bowl, gong, bell) oder eine Audiodatei (Standard: die Einstellung).",
            valueName: "name|path"))
    var gong: String?

    @Option(
        help: .localized(
            "Strikes, about 1.5 s apart (1-10; default: the setting).",
            de: "Schläge, etwa 1,5 s auseinander (1-10; Standard: die Einstellung)."))
    var strikes: Int?

    @Option(
        help: .localized(
            "Volume of the bell, 0-1 (default: the setting).",
            de: "Lautstärke der Glocke, 0-1 (Standard: die Einstellung).",
            valueName: "volume"))
    var gongVolume: Float?

    static func parse(params: JSONValue) throws(RPCError) -> BellRequest {
        let arguments = try SitRequest.commandLine(of: params)
        do {
            return try parse(arguments)
        } catch {
            throw .invalidParams(ErrorMessages.line(for: error))
        }
    }

    /// The options given, as members of `bell.ring`'s params (what `meditate ctl bell` sends).
    var params: JSONValue {
        var members: [String: JSONValue] = [:]
        if let gong { members["gong"] = .string(gong) }
        if let strikes { members["strikes"] = .number(strikes) }
        if let gongVolume { members["gong-volume"] = .finite(Double(gongVolume)) }
        return ClientPath.absoluteGong(.object(members))
    }
}
