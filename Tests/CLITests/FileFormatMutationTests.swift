import Foundation
import ProgramTestSupport
import Settings
import Testing
import WAVTestSupport

@testable import CLI

/// config.toml and the history CSV are files a person hands over; thousands of mutants of each
/// are parsed in this process, so an abort inside a parser (toml++ asserts) fails the run.
@Suite("config.toml and history CSV: thousands of mutants")
struct FileFormatMutationTests {
    static let config = """
        # my settings
        minutes = 25
        countdown = 10
        interval = 5
        noise = "pink"
        noise-volume = 0.2
        gong = "bell"
        lang = 'de'
        affirmations = false

        [preset.morning]
        minutes = 20
        bells = "5,12.5"
        strikes = 2

        [preset."evening walk"]
        guided = "body scan"
        then = 10
        """

    static let csv = #"""
        date,duration_minutes,note,planned_minutes,completed,kind
        2026-03-29,20,"a note, with a comma",20,true,timer
        2026-03-30T07:30,12.5,,20,false,guided
        2026-03-31T06:00:00+02:00,45,"quoted ""word""",45,true,imported
        """#

    /// Mutants of `seed` with TOML's and CSV's own punctuation among the inserted bytes.
    private func mutants(of seed: String, count: Int, seed number: UInt64) -> [String] {
        var random = SplitMix64(state: number)
        let punctuation = Array("[]{}\"'.=#,\n\t\\ 0-+eE:T".utf8)
        return (0..<count).map { _ in
            var bytes = mutate(Array(seed.utf8), with: &random)
            for _ in 0..<random.below(3) where !bytes.isEmpty {
                bytes.insert(punctuation[random.below(punctuation.count)], at: random.below(bytes.count))
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test("5000 mutants of a config.toml are read or refused with a SettingsError; none aborts")
    func configMutantsNeverAbort() {
        var read = 0
        var refused = 0
        for text in mutants(of: Self.config, count: 5000, seed: 7) {
            do {
                _ = try ConfigFile(path: "config.toml", text: text)
                read += 1
            } catch {
                refused += 1
                #expect(error.errorDescription?.isEmpty == false)
            }
        }
        // Both outcomes occur: the mutants are neither all harmless nor all nonsense
        #expect(read > 100 && refused > 100, "read \(read), refused \(refused)")
    }

    @Test("5000 mutants of a history CSV are read or refused with file:line; none traps")
    func csvMutantsNeverTrap() {
        var read = 0
        var refused = 0
        for text in mutants(of: Self.csv, count: 5000, seed: 11) {
            do {
                _ = try PracticeCSV.parse(text, path: "old.csv", timeZone: TimeZone(identifier: "Europe/Berlin")!)
                read += 1
            } catch {
                refused += 1
                #expect(error.errorDescription?.contains("old.csv") == true, "\(error)")
            }
        }
        #expect(read > 100 && refused > 100, "read \(read), refused \(refused)")
    }
}

@Suite("fuzz findings stay fixed")
struct FuzzRegressionTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds/config").path

    @Test("every committed config.toml seed, the inputs that once aborted among them, is read or refused in one line")
    func committedConfigSeeds() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds).filter { $0.hasSuffix(".toml") }
        #expect(names.filter { $0.hasPrefix("crash-") }.count >= 3)
        for name in names {
            // As the fuzzer reads them: bytes that are not UTF-8 become U+FFFD.
            let text = String(
                decoding: try Data(contentsOf: URL(fileURLWithPath: Self.seeds + "/" + name)), as: UTF8.self)
            do {
                _ = try ConfigFile(path: name, text: text)
                #expect(!name.hasPrefix("crash-"), "\(name) was read")
            } catch {
                #expect(error.errorDescription?.hasPrefix(name + ":") == true, "\(name): \(error)")
            }
        }
    }
}
