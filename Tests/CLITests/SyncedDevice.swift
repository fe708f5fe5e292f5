import Foundation
import ProgramTestSupport

/// One meditate "device": folders of its own, its history's files in the folder its
/// Syncthing carries.
struct SyncedDevice {
    let data: String
    let config: String
    let historyFolder: String

    /// - Parameters:
    ///   - sharing: the history folder, when it is another's (no sync between them: one folder).
    ///   - settings: more lines of its config.toml.
    init(_ name: String, in scratch: Scratch, sharing: String? = nil, settings: String = "") throws {
        data = scratch.path("\(name)-data")
        config = scratch.path("\(name)-config")
        historyFolder = sharing ?? scratch.path("\(name)-sync")
        try FileManager.default.createDirectory(atPath: config + "/meditate", withIntermediateDirectories: true)
        try Data("history-folder = \"\(historyFolder)\"\n\(settings)".utf8)
            .write(to: URL(fileURLWithPath: config + "/meditate/config.toml"))
    }

    /// Its device id, made by a first command when it has none.
    func id() throws -> String {
        if !FileManager.default.fileExists(atPath: data + "/meditate/device-id") { _ = try run(["preset", "list"]) }
        return try String(contentsOfFile: data + "/meditate/device-id", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> CLIRunner.Result {
        try CLIRunner.run(
            arguments,
            environment: ["XDG_DATA_HOME": data, "XDG_CONFIG_HOME": config, "TZ": "UTC"].merging(extra) { $1 })
    }

    func succeed(_ arguments: [String]) throws -> String {
        let result = try run(arguments)
        guard result.status == 0 else {
            throw PrivateSyncthing.Failure(description: "\(arguments): \(result.status) \(result.stderr)")
        }
        return result.stdout
    }

    /// The history as `history --json` says it, each sit without this device's own number of it.
    func history() throws -> [[String: String]] {
        let data = Data(try succeed(["history", "--json"]).utf8)
        let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return entries.map { entry in
            var sit = entry.mapValues { "\($0)" }
            sit["id"] = nil
            return sit
        }.sorted { ($0["uuid"] ?? "") < ($1["uuid"] ?? "") }
    }

    /// Every file under the history folder whose name says a sync conflict.
    var conflicts: [String] {
        (FileManager.default.enumerator(atPath: historyFolder)?.allObjects as? [String] ?? [])
            .filter { $0.contains("sync-conflict") }
    }

    /// This device's own history file (there is one month's here).
    var ownFiles: [String] {
        let id =
            (try? String(contentsOfFile: data + "/meditate/device-id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let folder = historyFolder + "/history/" + id
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { folder + "/" + $0 }
    }
}
