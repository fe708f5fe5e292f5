import Foundation
import ProgramTestSupport
import Settings
import Testing

/// meditate's licence, GPL-3.0-or-later, said where a person and a packager look, and every
/// package linked into the binary named with its own in packaging/copyright.
@Suite("Licence")
struct LicenceTests {
    private static let root = PackageBuild.sourceRoot

    @Test("--version says the version alone on its first line and the licence on its second, in English and German")
    func versionNamesTheLicence() throws {
        for (lang, words) in [("C.UTF-8", "free software under the GNU GPL"), ("de_DE.UTF-8", "freie Software")] {
            // When the version is asked for
            let version = try CLIRunner.run(["--version"], environment: ["LANG": lang])
            // Then the number is the first line, the licence the second, and nothing else
            let lines = version.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(version.status == 0 && lines.count == 3 && lines[2].isEmpty, "\(version.stdout)")
            #expect(lines.first.map(String.init) == MeditateVersion.number, "\(version.stdout)")
            #expect(lines.dropFirst().first?.hasPrefix("GPL-3.0-or-later: \(words)") == true, "\(version.stdout)")
        }
    }

    @Test("LICENSE is the GPL version 3, and copyright gives meditate's own files GPL-3.0+")
    func theLicenceIsTheGPL3() throws {
        // Given the licence file and the Debian copyright file
        let licence = try String(contentsOfFile: Self.root + "/LICENSE", encoding: .utf8)
        let stanzas = try copyrightStanzas()
        // Then LICENSE is the GPL's text, and every file of the project's is under it
        #expect(licence.contains("GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007"))
        #expect(licence.contains("END OF TERMS AND CONDITIONS"))
        #expect(stanzas.first { $0["Files"] == "*" }?["License"] == "GPL-3.0+")
        // And the README ends by saying so
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let last = readme.components(separatedBy: "\n## ").last ?? ""
        #expect(last.hasPrefix("Licence") && last.contains("either version 3"), "\(last.prefix(200))")
    }

    @Test("every package SwiftPM resolved has its stanza in packaging/copyright, and every licence named has its text")
    func everyResolvedPackageIsNamed() throws {
        // Given the packages the build resolved (Package.resolved, written by every build)
        let resolved = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/Package.resolved"))
        let pins = try JSONDecoder().decode(Resolved.self, from: resolved).pins
        let folders = Set(
            pins.map { pin in
                URL(string: pin.location)?.lastPathComponent.replacingOccurrences(of: ".git", with: "") ?? pin.location
            })
        try #require(!folders.isEmpty)
        // When copyright's stanzas are read
        let stanzas = try copyrightStanzas()
        let named = Set(
            stanzas.compactMap { $0["Files"] }.flatMap { $0.split(whereSeparator: \.isWhitespace) }
                .compactMap { pattern -> String? in
                    let parts = pattern.split(separator: "/")
                    guard parts.count >= 3, parts[0] == ".build", parts[1] == "checkouts" else { return nil }
                    return String(parts[2])
                })
        // Then each resolved package is named, and nothing is named that was not resolved
        #expect(
            folders.subtracting(named).isEmpty, "not in packaging/copyright: \(folders.subtracting(named).sorted())")
        #expect(named.subtracting(folders).isEmpty, "named but not resolved: \(named.subtracting(folders).sorted())")
        // And every licence a stanza names has a paragraph of its own with its text
        let texts = Set(stanzas.filter { $0["Files"] == nil }.compactMap { $0["License"] })
        let used = Set(
            stanzas.filter { $0["Files"] != nil }.compactMap { $0["License"] }
                .flatMap { $0.components(separatedBy: " and ") })
        #expect(used.subtracting(texts).isEmpty, "licences without their text: \(used.subtracting(texts).sorted())")
    }

    private struct Resolved: Decodable {
        struct Pin: Decodable {
            let location: String
        }
        let pins: [Pin]
    }

    /// packaging/copyright's paragraphs, each as its fields' first lines (the licence's short
    /// name, say), and a Files field's continuation lines joined to it.
    private func copyrightStanzas() throws -> [[String: String]] {
        let text = try String(contentsOfFile: Self.root + "/packaging/copyright", encoding: .utf8)
        return text.components(separatedBy: "\n\n").map { paragraph in
            var fields: [String: String] = [:]
            var last: String?
            for line in paragraph.split(separator: "\n") {
                if line.hasPrefix(" "), let key = last, key == "Files" {
                    fields[key, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
                } else if !line.hasPrefix(" "), let colon = line.firstIndex(of: ":") {
                    let key = String(line[..<colon])
                    fields[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    last = key
                }
            }
            return fields
        }
    }
}
