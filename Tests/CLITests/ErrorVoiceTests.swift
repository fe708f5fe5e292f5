import Foundation
import ProgramTestSupport
import Testing

@testable import Practice
@testable import Settings

@Suite("one voice for errors: one line in the program's words, a status a script can tell apart")
struct ErrorVoiceTests {
    /// Each refusal, its documented exit status, and its line in English and in German.
    static let refusals: [(arguments: [String], status: Int32, english: String, german: String)] = [
        (
            ["--minutes", "twenty"], 64, "'twenty' is not a value for '--minutes <minutes>'",
            "der Wert 'twenty' passt nicht zu '--minutes <minutes>'"
        ),
        (
            ["--noise", "purple"], 64,
            "'purple' is not a value for '--noise'; it takes 'white', 'pink', 'brown', 'ocean' or 'none'",
            "der Wert 'purple' passt nicht zu '--noise'; möglich sind 'white', 'pink', 'brown', 'ocean' oder 'none'"
        ),
        (["render", "--minutes", "1"], 64, "'--output <path>' is missing", "es fehlt das Argument '--output <path>'"),
        (["render", "-o"], 64, "'-o <path>' needs a value", "es fehlt der Wert für '-o <path>'"),
        (
            ["--bogus"], 64, "unknown option '--bogus'; did you mean '--bells'?",
            "unbekannte Option '--bogus'; gemeint ist vielleicht '--bells'"
        ),
        (["sit", "extra"], 64, "unexpected argument 'extra'", "unerwartetes Argument 'extra'"),
        (
            ["--minutes", "-1"], 64, "--minutes must be greater than 0 (got -1)",
            "--minutes muss größer als 0 sein (angegeben: -1)"
        ),
        (
            ["evenin"], 64, "'evenin' is neither a command nor a preset; did you mean 'evening'?",
            "'evenin' ist weder ein Befehl noch eine Vorlage; meintest du 'evening'?"
        ),
        (
            ["config", "set", "nois", "pink"], 64, "config set: unknown setting 'nois'; did you mean 'noise'?",
            "config set: unbekannte Einstellung 'nois'; meintest du 'noise'?"
        ),
        (
            ["preset", "show", "evning"], 66, "no preset named 'evning'; did you mean 'evening'?",
            "keine Vorlage namens 'evning'; meintest du 'evening'?"
        ),
        (
            ["--minutes", "1", "--ambience", "/nowhere/rain.ogg"], 66, "--ambience: '/nowhere/rain.ogg': no such file",
            "--ambience: '/nowhere/rain.ogg': keine solche Datei"
        ),
        (
            ["--minutes", "1", "--interval-gong", "/nowhere/bell.wav"], 66,
            "--interval-gong: '/nowhere/bell.wav': no such file",
            "--interval-gong: '/nowhere/bell.wav': keine solche Datei"
        ),
        (
            ["render", "--minutes", "0.1", "--gong", fixtureFolder + "/text.mp3", "-o", "/nowhere/x.wav"], 65,
            "--gong: '\(fixtureFolder)/text.mp3': not an audio file",
            "--gong: '\(fixtureFolder)/text.mp3': keine Audiodatei"
        ),
        (
            ["--minutes", "1", "--backend", "alsa", "--device", "/nowhere"], 69,
            "no sound output: cannot open ALSA device '/nowhere': no such file or directory",
            "keine Audioausgabe: kann ALSA-Gerät '/nowhere' nicht öffnen: Datei oder Ordner nicht gefunden"
        ),
        (
            ["render", "--minutes", "0.1", "-o", "/nowhere/out.wav"], 73,
            "cannot write '/nowhere/out.wav': no such file or directory",
            "kann '/nowhere/out.wav' nicht schreiben: Datei oder Ordner nicht gefunden"
        )
    ]

    @Test("every refusal is one line in the program's voice, in English and German, with its documented status")
    func refusalsSpeakWithOneVoice() throws {
        // Given a config.toml with one preset, `evening`
        let config = try ConfigScratch()
        try config.write("[preset.evening]\nminutes = 30\n")
        for (arguments, status, english, german) in Self.refusals {
            // When each is typed in an English terminal and a German one
            let inEnglish = try config.run(arguments)
            let inGerman = try config.run(arguments, environment: ["LANG": "de_DE.UTF-8"])
            // Then each is refused with one line that starts as every error of the program does
            for (result, language, line) in [(inEnglish, "en", english), (inGerman, "de", german)] {
                let prefix = language == "de" ? "meditate: Fehler: " : "meditate: error: "
                #expect(result.status == status, "\(arguments) \(language): \(result.status) \(result.stderr)")
                #expect(result.stderr.hasPrefix(prefix + line), "\(arguments) \(language): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
                // And no line begins as ArgumentParser's own do, capitalised
                #expect(result.stderr.dropFirst(prefix.count).first?.isUppercase != true, "\(result.stderr)")
            }
        }
    }

    @Test("config set, unset and preset remove say what they changed, on stderr, in the sitter's language")
    func changesAreConfirmed() throws {
        // Given no config.toml
        let config = try ConfigScratch()
        // When a setting is set, set again, unset twice, and a saved preset removed
        let set = try config.run(["config", "set", "noise", "pink"])
        let german = try config.run(["config", "set", "minutes", "25"], environment: ["LANG": "de_DE.UTF-8"])
        let unset = try config.run(["config", "unset", "noise"])
        let again = try config.run(["config", "unset", "noise"])
        _ = try config.run(["preset", "save", "evening", "--minutes", "30"])
        let removed = try config.run(["preset", "remove", "evening"])
        // Then each says in one line what it did to which file, and stdout stays a script's
        #expect(set.status == 0 && set.stdout.isEmpty)
        #expect(set.stderr == "meditate: set noise = \"pink\" in \(config.file)\n", "\(set.stderr)")
        #expect(german.stderr == "meditate: minutes = 25 in \(config.file) gesetzt\n", "\(german.stderr)")
        #expect(unset.stderr == "meditate: removed noise from \(config.file)\n", "\(unset.stderr)")
        #expect(again.status == 0 && again.stderr == "meditate: noise was not set in \(config.file)\n")
        #expect(removed.stderr == "meditate: removed preset 'evening'\n", "\(removed.stderr)")
        #expect(try config.read().contains("minutes = 25") && !config.read().contains("noise"))
    }

    @Test("a name a slip away is suggested; one that is near two names or none is not")
    func nearestName() {
        let names = ["evening", "morning", "noise", "noise-volume", "minutes", "sit", "play"]
        #expect(NearestName.to("evenin", among: names) == "evening")
        #expect(NearestName.to("mornign", among: names) == "morning")
        #expect(NearestName.to("NOISE", among: names) == "noise")
        #expect(NearestName.to("sti", among: names) == "sit")
        #expect(NearestName.to("walk", among: names) == nil)
        #expect(NearestName.to(String(repeating: "x", count: 60_000), among: names) == nil)
        #expect(NearestName.to("pay", among: ["play", "pray"]) == nil)
    }

    @Test("each status the man page lists is one a failure can end with, and only those")
    func statusesAreDocumented() throws {
        // Given the root man page's own sections, which scripts/stage.sh puts into it
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("packaging/meditate.1.sections")
        let page = try String(contentsOf: source, encoding: .utf8)
        // Then each status is there with its number, and the page names no other beside 0
        let listed = page.split(separator: "\n").compactMap { line in
            line.hasPrefix(".It ") ? Int32(line.dropFirst(4)) : nil
        }
        #expect(Set(listed) == Set([0] + FailureStatus.allCases.map(\.rawValue)), "\(listed)")
    }
}
