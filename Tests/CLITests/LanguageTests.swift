import Foundation
import Localization
import ProgramTestSupport
import Session
import Settings
import Testing

@testable import CLI

@Suite("English and German")
struct LanguageTests {
    /// The `{name}` placeholders of a message.
    func placeholders(_ text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test("every message key has a text in both languages, with the same placeholders")
    func everyKeyTranslated() {
        for key in MessageKey.allCases {
            let english = messageTable[key]?.english
            let german = messageTable[key]?.german
            #expect(english?.isEmpty == false, "no English text for \(key)")
            #expect(german?.isEmpty == false, "no German text for \(key)")
            #expect(placeholders(english ?? "") == placeholders(german ?? ""), "placeholders differ for \(key)")
        }
        #expect(messageTable.count == MessageKey.allCases.count)
        // The month and weekday tables have their shape in both languages
        for table in [Language.en.messages, Language.de.messages] {
            #expect(table[.monthNames]?.split(separator: " ").count == 12)
            #expect(table[.dayLabels]?.split(separator: ",", omittingEmptySubsequences: false).count == 7)
        }
    }

    @Test("the locale chooses the language, LC_ALL over LC_MESSAGES over LANG, and --lang over all")
    func localeChooses() {
        #expect(Language.chosen(flag: nil, environment: ["LANG": "de_DE.UTF-8"]) == .de)
        #expect(Language.chosen(flag: nil, environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "C"]) == .en)
        #expect(Language.chosen(flag: nil, environment: ["LANG": "en_GB.UTF-8", "LC_MESSAGES": "de_AT.UTF-8"]) == .de)
        #expect(Language.chosen(flag: "en", environment: ["LC_ALL": "de_DE.UTF-8"]) == .en)
        #expect(Language.chosen(flag: nil, environment: [:]) == .en)
    }

    @Test(
        "one run per language: stats in German from LANG, in English with --lang, and German errors",
        arguments: [
            (["stats", "--no-color"], ["LANG": "de_DE.UTF-8"], "aktuelle Serie  0 Tage"),
            (["stats", "--no-color", "--lang", "en"], ["LANG": "de_DE.UTF-8"], "current streak  0 days"),
            (["--lang", "de", "stats", "--no-color"], [:], "längste Serie   0 Tage"),
            (["stats", "--no-color"], ["LC_ALL": "de_DE.UTF-8"], "Mo  ·"),
            (["render", "--minutes", "0", "-o", "/nonexistent/x.wav"], ["LANG": "de_DE.UTF-8"], "meditate: Fehler: ")
        ])
    func translatedLine(arguments: [String], environment: [String: String], expected: String) throws {
        let history = try HistoryScratch()
        let result = try CLIRunner.run(arguments, environment: history.environment.merging(environment) { $1 })
        #expect((result.stdout + result.stderr).contains(expected), "\(result.stdout)\(result.stderr)")
    }

    @Test("a live headless sit logs its events in German")
    func germanEvents() throws {
        let result = try CLIRunner.run(
            [
                "--minutes", "0.05", "--interval", "0.025", "--countdown", "1", "--lang", "de",
                "--backend", "alsa", "--device", "null"
            ],
            environment: HistoryScratch().environment)
        #expect(result.status == 0, "\(result.stderr)")
        for line in [
            "Vorlauf: 0:01 bis zum Startgong", "Startgong: 0:03 Sitzen", "Glocke 1: noch 0:02",
            "Schlussgong", "fertig: 3 s gesessen"
        ] {
            #expect(result.stderr.contains(line), "\(line) in \(result.stderr)")
        }
    }

    @Test(
        "while sitting the status line shows an affirmation whole where there is room, never cut, none in the countdown"
    )
    func affirmationInStatusLine() throws {
        var configuration = SessionConfiguration()
        configuration.minutes = ExactDecimal(20)
        let plan = try SessionPlan(configuration)
        let outline = SessionOutline(plan)
        let now = plan.startFrame + 60 * 48_000
        let sitting = LiveStatus(
            phase: .sitting, sessionFrame: now, remainingFrames: plan.completionFrame - now,
            nextGong: nil, satFrames: 60 * 48_000)
        let words = "This moment is enough."
        let wide = StatusLine(color: false, width: 120).render(sitting, outline: outline, affirmation: words)
        #expect(wide.hasSuffix("  " + words))
        // At 70 columns the bar gives way to it; at 40 there is no room, and it is not shown at all
        let narrow = StatusLine(color: false, width: 70).render(sitting, outline: outline, affirmation: words)
        #expect(narrow.count < 70 && narrow.hasSuffix("  " + words), "\(narrow)")
        let narrowest = StatusLine(color: false, width: 40).render(sitting, outline: outline, affirmation: words)
        #expect(narrowest.count < 40 && !narrowest.contains("This") && !narrowest.contains("…"), "\(narrowest)")
        // And no width, however narrow, gets a line as wide as itself
        for width in stride(from: 24, through: 120, by: 4) {
            let line = StatusLine(color: false, width: width).render(sitting, outline: outline, affirmation: words)
            #expect(line.count < width, "\(width): \(line)")
        }
        let countdown = LiveStatus(
            phase: .countdown, sessionFrame: 0, remainingFrames: plan.completionFrame,
            nextGong: nil, satFrames: 0)
        #expect(
            !StatusLine(color: false, width: 120).render(countdown, outline: outline, affirmation: words).contains(
                words))
    }

    @Test("--affirmations FILE gives one per line, --no-affirmations none, and an empty file is an error")
    func affirmationsFile() throws {
        let scratch = try Scratch()
        let path = scratch.path("mine.txt")
        try "# mine\nSoft belly.\n\n  Long exhale.  \n".write(toFile: path, atomically: true, encoding: .utf8)
        let settings = try Settings.load(environment: [:], path: scratch.path("none.toml"))
        #expect(
            try LiveReportingOptions.parse(["--affirmations", path]).affirmations(settings) == [
                "Soft belly.", "Long exhale."
            ])
        #expect(try LiveReportingOptions.parse(["--no-affirmations"]).affirmations(settings).isEmpty)
        #expect(try LiveReportingOptions.parse([]).affirmations(settings).count == 8)
        try "\n# nothing\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) {
            try LiveReportingOptions.parse(["--affirmations", path]).affirmations(settings)
        }
    }
}
