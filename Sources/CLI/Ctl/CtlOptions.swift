import ArgumentParser
import Control
import Localization
import Service
import Settings

/// Where `meditate ctl` finds the service, and how it prints what it says.
struct CtlOptions: ParsableArguments {
    @Option(
        help: .localized(
            "The service's control socket (default: the one `meditate serve` uses).",
            de: "Der Steuer-Socket des Dienstes (Standard: der, den `meditate serve` nutzt).",
            valueName: "path"))
    var socket: String?

    @Option(
        help: .localized(
            "A paired service on another machine: its name, host or host:port (`meditate pair`, `meditate discover`).",
            de:
                "Ein gekoppelter Dienst auf einem anderen Rechner: sein Name, Rechner oder Rechner:Port (`meditate pair`, `meditate discover`).",
            valueName: "name"))
    var host: String?

    @Flag(
        help: .localized(
            "Print the service's reply as JSON (one object per line).",
            de: "Gibt die Antwort des Dienstes als JSON aus (ein Objekt pro Zeile)."))
    var json = false

    func validate() throws {
        if host != nil && socket != nil {
            throw ValidationError(
                localized(
                    "--host and --socket name two services; give one",
                    de: "--host und --socket nennen zwei Dienste; gib einen an"))
        }
    }

    /// The paired service to reach over the network: `--host`, else the configured `remote`
    /// unless `--socket` names a local one; nil for the local socket.
    func remoteHost() throws -> String? {
        guard host == nil, socket == nil else { return host }
        return try Settings.load().value(SettingKeys.remote, flag: nil)
    }

    /// Connects (to the socket, or over the network to `--host` or the configured `remote`),
    /// and asks for the service's answers in this command's language.
    func connect() throws -> ControlClient {
        let client =
            try remoteHost().map(RemoteConnection.open) ?? ControlClient(path: socket ?? ServicePaths.defaultSocket())
        _ = try client.call("hello", ["lang": .string(Language.current.rawValue)])
        return client
    }

    /// Calls `method` and prints its result as JSON, or `human` of it.
    func call(_ method: String, _ params: JSONValue = [:], human: (JSONValue) -> String) throws {
        let result = try connect().call(
            method, params, timeoutMilliseconds: StartAnswerTime.milliseconds(for: method) ?? 10_000)
        print(json ? result.line : human(result))
    }
}
