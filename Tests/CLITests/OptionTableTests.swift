import Control
import Foundation
import Library
import Practice
import ProgramTestSupport
import Session
import Settings
import Testing
import WAVTestSupport

@testable import CLI
@testable import Service

/// Every option of a sit's sounds is declared once (`SettingKeys.sitSound`); the command line,
/// config.toml (or a preset, for what belongs to one sit) and the protocol all take it from there.
@Suite struct OptionTableTests {
    /// A value of each option that a short sit hears, with what the sit needs beside it to hear
    /// it (`context`, given alike every way). A new option without one here fails the test.
    private static func example(_ name: String, bed: String) -> (value: String, context: [String: String])? {
        let segments = ["segments": "sit 0.1, walk 0.1, sit 0.1", "minutes": "0.3"]
        let pink = ["noise": "pink", "seed": "7"]
        switch name {
        case "walk-sounds": return ("both", segments.merging(pink) { $1 })
        case "interval": return ("0.1", [:])
        case "bells": return ("0.1", [:])
        // None rings in a sit's last minute: this one lasts two.
        case "random-bells": return ("0.2-0.3", ["minutes": "2", "seed": "7"])
        case "strikes": return ("2", [:])
        case "noise": return ("pink", ["seed": "7"])
        case "noise-volume": return ("0.3", pink)
        case "ambience": return (bed, [:])
        case "ambience-crossfade": return ("1", ["ambience": bed])
        case "fade-out": return ("8", pink)
        case "gong": return ("bell", [:])
        case "gong-volume": return ("0.5", [:])
        case "sample-rate": return ("44100", [:])
        case "seed": return ("8", ["noise": "pink"])
        default: break
        }
        for role in GongRole.allCases {
            let context: [String: String] =
                switch role {
                case .start, .end: [:]
                case .interval: ["interval": "0.1"]
                case .transition, .walk: segments
                }
            switch name {
            case "\(role.rawValue)-gong": return ("bell", context)
            case "\(role.rawValue)-volume": return ("0.5", context)
            case "\(role.rawValue)-strikes": return ("3", context)
            default: continue
            }
        }
        return nil
    }

    /// A sit of 12 s with no countdown (unless `given` says otherwise), and `given`.
    private static func options(_ given: [String: String]) -> [String: String] {
        ["minutes": "0.2", "countdown": "0"].merging(given) { $1 }
    }

    /// The same as the command line's options.
    private static func argv(_ given: [String: String]) -> [String] {
        options(given).sorted { $0.key < $1.key }.flatMap { ["--\($0.key)", $0.value] }
    }

    /// Every sample of the sit `request` asks for with `settings`, rendered offline.
    private static func render(_ request: SitRequest, _ settings: Settings, library: LibraryPaths) throws -> [Float] {
        let setup = try SitSetup(request, settings: settings, library: library, live: false)
        var samples: [Float] = []
        try OfflineSessionRenderer(plan: setup.plan, sounds: setup.sounds, ambience: setup.ambience?.loop).render {
            samples.append(contentsOf: $0)
        }
        return samples
    }

    @Test("every sound option renders the same sit from argv, from config.toml and from sit.start's params")
    func everyOptionIsTheSameSitEveryWay() throws {
        // Given a bed file and a library, and no settings but those each way gives
        let scratch = try Scratch()
        let bed = scratch.path("rain.wav")
        try writeFloatWAV(
            path: bed, samples: stationaryNoise(seconds: 8, sampleRate: 48_000), sampleRate: 48_000, channels: 2)
        let library = LibraryPaths(folder: scratch.path("library"))
        let none = try Settings.builtIn()
        for setting in SettingKeys.sitSound {
            let name = setting.name
            let found = Self.example(name, bed: bed)
            #expect(found != nil, "\(name) has no example: give it one")
            guard let (value, context) = found else { continue }
            // When the sit is asked for on the command line
            let fromArgv = try SitArguments.parse(Self.argv(context.merging([name: value]) { $1 })).request
            // And with the option in config.toml, or in a preset where it belongs to one sit
            let config = scratch.path("\(name).toml")
            let literal = setting.tomlLiteral(canonical: try setting.canonical(value))
            try (setting.belongsInConfig ? "\(name) = \(literal)\n" : "[preset.p]\n\(name) = \(literal)\n")
                .write(toFile: config, atomically: true, encoding: .utf8)
            var fromFile = try Settings.load(environment: [:], path: config)
            var fileRequest = try SitArguments.parse(Self.argv(context)).request
            if !setting.belongsInConfig {
                try fromFile.use(preset: "p")
                fileRequest.preset = "p"
            }
            // And as sit.start's params
            let params = Self.options(context.merging([name: value]) { $1 }).mapValues(JSONValue.string)
            let fromParams = try ParamsDecoder.decode(SitRequest.self, .object(params))
            // Then the three render the same samples, and not those of the sit without the option
            let rendered = try Self.render(fromArgv, none, library: library)
            #expect(try Self.render(fileRequest, fromFile, library: library) == rendered, "\(name) from config.toml")
            #expect(try Self.render(fromParams, none, library: library) == rendered, "\(name) from params")
            let without = try Self.render(SitArguments.parse(Self.argv(context)).request, none, library: library)
            #expect(without != rendered, "\(name) = \(value) changes nothing this sit hears")
        }
    }

    /// A document of docs/, whole.
    private static func document(_ name: String) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/\(name)").standardized.path
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("docs/usage.md names every option of a sit's sounds, a moment's own as its gong's option")
    func theUsageDocumentNamesEveryOption() throws {
        // Given the user's guide
        let document = try Self.document("usage.md")
        // Then each option is named there as code: a moment's own by its gong (`--walk-gong`),
        // whose volume and strikes are said beside it
        let moments = Set(GongRole.allCases.flatMap { ["\($0.rawValue)-volume", "\($0.rawValue)-strikes"] })
        for setting in SettingKeys.sitSound where !moments.contains(setting.name) {
            #expect(document.contains("`--\(setting.name)"), "docs/usage.md lacks --\(setting.name)")
        }
    }

    @Test("docs/protocol.md's sit.start names every member a sit's sounds have")
    func theProtocolDocumentNamesEveryMember() throws {
        // Given the protocol document's section on sit.start
        let document = try Self.document("protocol.md")
        let start = try #require(document.range(of: "### sit.start\n"))
        let end = try #require(document.range(of: "\n### ", range: start.upperBound..<document.endIndex))
        let section = document[start.upperBound..<end.lowerBound]
        // Then each member is named there, as code
        for setting in SettingKeys.sitSound {
            #expect(section.contains("`\(setting.name)`"), "docs/protocol.md's sit.start lacks `\(setting.name)`")
        }
    }

    @Test("the page's Sit form sends every member a sit's sounds declare on the page, and none they leave off it")
    func thePageSendsEveryMemberDeclaredOnIt() throws {
        // Given the page's script
        let script = try Self.document("../Web/app.js")
        // When its sit params are read: set by name, or as a gong's own by its role and part
        func sends(_ member: String) -> Bool {
            if script.contains("params[\"\(member)\"]") || script.contains("params.\(member) =") { return true }
            guard let dash = member.firstIndex(of: "-"),
                let role = GongRole(rawValue: String(member[..<dash]))
            else { return false }
            let part = member[member.index(after: dash)...]
            let roleLine = script.split(separator: "\n").first { $0.contains("role: \"\(role.rawValue)\"") }
            return script.contains("`${role}-\(part)`") && roleLine?.contains("\"\(part)\"") == true
        }
        // Then each member declared on the page is sent, and each left off it is not
        for setting in SettingKeys.sitSound {
            #expect(
                sends(setting.name) == setting.offeredOnPage,
                "`\(setting.name)` is declared \(setting.offeredOnPage ? "on" : "off") the page, but Web/app.js \(sends(setting.name) ? "sends" : "does not send") it"
            )
        }
    }
}
