import Decoders
import Foundation
import Library
import Localization
import Outputs
import Practice
import ProgramTestSupport
import PulseTestSupport
import Session
import Settings
import Testing

@testable import CLI
@testable import Service

/// German beyond the message tables: every command's help, ArgumentParser's own frame and
/// errors, and the engine's errors.
@Suite("German help and errors")
struct GermanTextTests {
    static let commands = [
        "", "sit", "play", "render", "library", "library import", "library list", "library show", "library edit",
        "library remove", "library check", "preset", "preset save", "preset list", "preset show", "preset remove",
        "config", "config list", "config get", "config set", "config unset", "config path", "history",
        "history list", "history import", "stats", "devices"
    ]

    /// English words that no German sentence holds; an option's name (`--to`) is not a word.
    static func englishWords(in text: String) -> [String] {
        let prose = text.split(separator: "\n").filter { !$0.hasPrefix("  meditate ") && !$0.hasPrefix("AUFRUF: ") }
        let english: Set = ["the", "and", "of", "with", "to", "for", "is", "a", "or", "not", "when", "this"]
        return prose.flatMap { line in
            line.split { !($0.isLetter || $0 == "-" || $0 == "'") }.map(String.init).filter(english.contains)
        }
    }

    @Test("every command's help is German, its frame too, with no English sentence left", arguments: commands)
    func germanHelp(command: String) throws {
        // Given a command
        let words = command.split(separator: " ").map(String.init)

        // When its help is asked for in German and in English
        let german = try CLIRunner.run(["--lang", "de"] + words + ["--help"])
        let english = try CLIRunner.run(words + ["--help"], environment: ["LANG": "C.UTF-8"])

        // Then the German help has German headings and no English words, and differs from the English
        #expect(german.status == 0 && english.status == 0, "\(german.stderr)\(english.stderr)")
        #expect(german.stdout.contains("AUFRUF: meditate"), "\(german.stdout)")
        #expect(german.stdout.contains("OPTIONEN:") && !german.stdout.contains("OPTIONS:"), "\(german.stdout)")
        #expect(!german.stdout.contains("Show help information"))
        #expect(
            Self.englishWords(in: german.stdout).isEmpty, "\(Self.englishWords(in: german.stdout)) in \(german.stdout)")
        #expect(english.stdout.contains("USAGE: meditate") && english.stdout.contains("Show help information"))
        #expect(german.stdout != english.stdout)
    }

    @Test(
        "ArgumentParser's parsing errors are said in German, one line each",
        arguments: [
            (["--minutes", "x"], "meditate: Fehler: der Wert 'x' passt nicht zu '--minutes <minutes>'"),
            (["--bogus"], "meditate: Fehler: unbekannte Option '--bogus'; gemeint ist vielleicht '--bells'"),
            (["sit", "--minutes"], "meditate: Fehler: es fehlt der Wert für '--minutes <minutes>'"),
            (["library", "show"], "meditate: Fehler: es fehlt das Argument '<track>'"),
            (["sit", "extra"], "meditate: Fehler: unerwartetes Argument 'extra'"),
            (["--lang", "fr"], "meditate: Fehler: --lang muss en oder de sein, nicht 'fr'"),
            (
                ["--minutes", "5", "--interval", "10"],
                "meditate: Fehler: --interval (10 min) muss kürzer sein als die Sitzung (5 min)"
            )
        ])
    func germanParserErrors(arguments: [String], expected: String) throws {
        // Given a German locale, when the arguments are wrong
        let result = try CLIRunner.run(arguments, environment: ["LANG": "de_DE.UTF-8"])

        // Then the one line names the problem in German
        #expect(result.status != 0)
        #expect(result.stderr == expected + "\n", "\(result.stderr)")
    }

    @Test("a German terminal gets the refusals of an English service in German (hello's lang), others keep English")
    func serviceAnswersInTheClientsLanguage() throws {
        // Given a service started in English
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }

        // When `ctl pause` is typed in a German terminal, and in an English one
        let german = try CLIRunner.run(
            ["ctl", "pause", "--socket", service.socket], environment: ["LANG": "de_DE.UTF-8"])
        let english = try CLIRunner.run(["ctl", "pause", "--socket", service.socket])

        // Then each reads the refusal in its own language
        #expect(german.status == 1 && german.stderr.contains("es spielt nichts"), "\(german.stderr)")
        #expect(english.status == 1 && english.stderr.contains("nothing is playing"), "\(english.stderr)")
    }

    @Test("every engine error has a German line of its own")
    func engineErrorsInGerman() throws {
        // Given one error of each case the engine throws
        let random = try RandomBells.parsed("3-7")
        let decoder = DecoderError.notAudio(path: "/x.mp3")
        let unavailable = OutputError.unavailable(backend: "PulseAudio", device: "nope", reason: "connection refused")
        let pairs: [(english: String?, german: String)] =
            [
                SessionPlanError.minutesNotPositive(ExactDecimal(0)),
                .minutesTooShort(ExactDecimal("0.0001") ?? ExactDecimal(1)),
                .minutesTooLong(ExactDecimal(2000)),
                .segmentsTooLong(ExactDecimal(1500)),
                .endsAmongStrikes(segment: nil, minutes: ExactDecimal(1), role: .start, strikes: 3, seconds: 3),
                .endsAmongStrikes(
                    segment: SessionSegment(kind: .walk, minutes: ExactDecimal(1)), minutes: ExactDecimal(1),
                    role: .walk,
                    strikes: 2, seconds: 1.5),
                .countdownNegative(ExactDecimal(-1)), .countdownTooLong(ExactDecimal(9999)),
                .intervalNotPositive(ExactDecimal(0)),
                .intervalNotShorterThanSession(interval: ExactDecimal(10), minutes: ExactDecimal(5), origin: nil),
                .intervalNotShorterThanSession(
                    interval: ExactDecimal(10), minutes: ExactDecimal(5),
                    origin: "/home/x/.config/meditate/config.toml:3"),
                .bellsWithInterval,
                .bellOutOfRange(ExactDecimal(30), minutes: ExactDecimal(20)), .duplicateBell(ExactDecimal(5)),
                .strikesOutOfRange(11), .volumeOutOfRange(name: "gong-volume", value: 2), .sampleRateOutOfRange(5),
                .emptyTrack, .roleStrikesOutOfRange(.interval, 12), .openRender, .noiseWithAmbience,
                .tooManyBells(9999),
                .intervalTooShort(ExactDecimal("0.05") ?? ExactDecimal(1), minimumSeconds: 4.5),
                .bellsTooClose(ExactDecimal(5), ExactDecimal("5.01") ?? ExactDecimal(6), minimumSeconds: 4.5),
                .randomBellsWithOthers, .randomBellsOutOfRange(random, minutes: ExactDecimal(5)),
                .randomBellsLongerThanSession(
                    random, minutes: ExactDecimal("2.5") ?? ExactDecimal(2), origin: "preset"),
                .randomBellsTooClose(random, minimumSeconds: 4.5),
                .segmentOutOfRange(SessionSegment(kind: .sit, minutes: ExactDecimal(0))), .noSitting,
                .tooManySegments(500), .segmentsDisagree(segments: ExactDecimal(50), minutes: ExactDecimal(20)),
                .bellsWithSegments, .openWithSegments
            ].map { ($0.errorDescription, $0.phrase.german) }
            + [
                SoundError.unknownName("x"), .bundledSoundMissing(.bowl, searched: []),
                .crossfadeOutOfRange(seconds: 31), .ambienceTooShort(path: "/x", seconds: 1.5, crossfadeSeconds: 1)
            ]
            .map { ($0.errorDescription, $0.phrase.german) }
            + [CoordinatorError.transitionNotAllowed(.timer, from: .idle, to: .paused), .notOwner(.guided)]
            .map { ($0.errorDescription, $0.phrase.german) }
            + [
                decoder, .fileNotFound(path: "/x"), .unreadable(path: "/x", reason: "EIO"), .empty(path: "/x"),
                .truncated(path: "/x", shortfall: Shortfall(.bytes, promised: 44, held: 24)),
                .decodeFailed(path: "/x", reason: "bad"),
                .resamplerFailed(reason: "bad")
            ]
            .map { ($0.errorDescription, $0.phrase.german) }
            + [
                LibraryError.database(path: "/l", reason: "locked"), .unreadable(path: "/x", reason: "EIO"),
                .undecodable(decoder),
                .unmeasurable(path: "/x", sampleRate: 4), .holdsNoAudio(path: "/x"), .noSuchPath(path: "/x"),
                .noSuchTrack(reference: "x"), .ambiguous(reference: "x", candidates: ["a", "b"]),
                .copyFailed(path: "/x", reason: "full")
            ]
            .map { ($0.errorDescription, $0.phrase.german) }
            + [
                OutputError.cannotCreate(path: "/x", reason: "EACCES"), .writeFailed(path: "/x", reason: "full"),
                unavailable,
                .deviceLost(reason: "gone"), .noOutput(attempts: [unavailable])
            ]
            .map { ($0.errorDescription, $0.phrase.german) }

        // Then each German line is one line, not empty, and not the English one
        for (english, german) in pairs {
            #expect(!german.isEmpty && !german.contains("\n"), "\(german)")
            #expect(german != english, "\(german)")
        }
        // And an error inside another is translated with it
        #expect(
            FailureLine.german(OutputError.noOutput(attempts: [unavailable]))?.contains(
                "kann PulseAudio-Gerät 'nope' nicht öffnen") == true)
        #expect(FailureLine.german(LibraryError.undecodable(decoder))?.contains("keine Audiodatei") == true)
        // And a truncated file's numbers are worded in German too, not left in English
        let truncated = DecoderError.truncated(path: "/x", shortfall: Shortfall(.samples, promised: 49997, held: 23040))
        #expect(
            FailureLine.german(truncated)
                == "'/x': die Datei ist abgeschnitten (laut Dateikopf 49997 Samples, enthalten sind 23040)")
        #expect(
            truncated.errorDescription
                == "'/x': the file is truncated (its header promises 49997 samples, it holds 23040)")
    }

    @Test("the C library's reason for a failed call is said in German inside a German line")
    func systemReasonsInGerman() throws {
        // Given a German terminal, a socket no service listens on, and a folder that is not there
        let scratch = try Scratch()
        let german = ["LANG": "de_DE.UTF-8"]
        let socket = scratch.path("none.sock")
        let wav = scratch.path("gone/sit.wav")

        // When a command asks that service for its status, and a sit is rendered into that folder
        let status = try CLIRunner.run(["ctl", "status", "--socket", socket], environment: german)
        let render = try CLIRunner.run(
            ["render", "--minutes", "0.05", "--countdown", "0", "-q", "-o", wav], environment: german)

        // Then each line ends in the reason in German, not in the C library's English
        #expect(
            status.stderr
                == "meditate: Fehler: kein Dienst antwortet auf \(socket): Datei oder Ordner nicht gefunden\n",
            "\(status.stderr)")
        #expect(
            render.stderr == "meditate: Fehler: kann '\(wav)' nicht schreiben: Datei oder Ordner nicht gefunden\n",
            "\(render.stderr)")
        // And a reason after a path is put into German from the colon on; one it does not know stays
        #expect(SystemReason.german("/run/x.lock: Permission denied") == "/run/x.lock: keine Berechtigung")
        #expect(SystemReason.german("No space left on device") == "kein Platz mehr auf dem Datenträger")
        #expect(SystemReason.german("SQLite error 5: database is locked") == "SQLite error 5: database is locked")
        // And ALSA's and PulseAudio's reasons, which the outputs pass on lowercased, in any case
        #expect(SystemReason.german("no such file or directory") == "Datei oder Ordner nicht gefunden")
        #expect(SystemReason.german("pcm: connection refused") == "pcm: Verbindung abgelehnt")
        #expect(SystemReason.german("access denied") == "Zugriff verweigert")
    }
}

extension GermanTextTests {
    @Test("a library SQLite cannot use is said in German, SQLite's reason too")
    func databaseReasonsInGerman() throws {
        // Given a German terminal, and a library file that is text, not a database
        let scratch = try Scratch()
        try FileManager.default.createDirectory(
            atPath: scratch.path("data/meditate"), withIntermediateDirectories: true)
        let library = scratch.path("data/meditate/library.sqlite")
        try String(repeating: "not a database, a note left where the library was\n", count: 20)
            .write(toFile: library, atomically: true, encoding: .utf8)
        let environment = ["LANG": "de_DE.UTF-8", "XDG_DATA_HOME": scratch.path("data")]

        // When the history is asked for, in German and in English
        let german = try CLIRunner.run(["history"], environment: environment)
        let english = try CLIRunner.run(["history"], environment: ["XDG_DATA_HOME": scratch.path("data")])

        // Then the German line ends in German, the English one in SQLite's own words
        #expect(
            german.stderr
                == "meditate: Fehler: die Bibliothek in '\(library)' ist nicht benutzbar: die Datei ist keine Datenbank\n",
            "\(german.stderr)")
        #expect(
            english.stderr
                == "meditate: error: the library at '\(library)' cannot be used: file is not a database\n",
            "\(english.stderr)")
        // And a reason SQLite gives that this does not know, or the lock file's, is passed on
        #expect(DatabaseReason.german("SQL logic error") == "SQL logic error")
        #expect(DatabaseReason.german("Permission denied") == "keine Berechtigung")
    }

    @Test("a FLAC damaged in its middle is said plainly, in German too, not in libsndfile's words")
    func decoderReasonsInGerman() throws {
        // Given a FLAC file whose middle 2000 bytes are scrambled
        let scratch = try Scratch()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixtureFolder + "/chord.flac")))
        for index in bytes.count / 2..<(bytes.count / 2 + 2000) { bytes[index] = bytes[index] &* 7 &+ 13 }
        let damaged = scratch.path("damaged.flac")
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let play = ["play", damaged, "--backend", "alsa", "--device", "null", "-q"]

        // When it is played, in German and in English
        let german = try CLIRunner.run(play, environment: ["LANG": "de_DE.UTF-8"])
        let english = try CLIRunner.run(play, environment: ["LANG": "C"])

        // Then each says what is wrong with the file in its own words
        #expect(
            german.stderr.hasSuffix(
                "meditate: Fehler: '\(damaged)': Dekodieren fehlgeschlagen (die FLAC-Daten sind beschädigt oder "
                    + "abgeschnitten)\n"), "\(german.stderr)")
        #expect(
            english.stderr.hasSuffix(
                "meditate: error: '\(damaged)': decoding failed (the FLAC data is damaged or cut short)\n"),
            "\(english.stderr)")
        // And mpg123's and libsndfile's decoration is gone from reasons this does not know
        #expect(DecoderReason.plain("Error : flac channel changed mid stream.") == "flac channel changed mid stream")
        #expect(DecoderReason.plain("Seek not supported by stream. (code 23)") == "Seek not supported by stream")
        #expect(
            DecoderReason.german("seek: " + DecoderReason.readError)
                == "beim Springen: Fehler beim Lesen der Datei")
    }

    @Test(
        "a sound output that does not open is said in German, with the sound server's reason too",
        .enabled(if: PulseCapture.available, "needs the private server of `make test`"))
    func soundOutputReasonsInGerman() throws {
        // Given a German terminal, and outputs that cannot be opened: a PulseAudio sink and an
        // ALSA device that are not there, and a PulseAudio server that is not there
        let german = ["LANG": "de_DE.UTF-8"]
        let sit = ["--minutes", "0.05", "--countdown", "0", "-q"]
        let hint =
            " (wähle eine mit --backend pulse|alsa|snapcast und --device NAME, siehe `meditate devices`, oder schreibe eine Datei mit `meditate render`)\n"

        // When a sit is asked of each
        let sink = try CLIRunner.run(sit + ["--backend", "pulse", "--device", "nosuch"], environment: german)
        let englishSink = try CLIRunner.run(sit + ["--backend", "pulse", "--device", "nosuch"])
        let alsa = try CLIRunner.run(sit + ["--backend", "alsa", "--device", "/nonexistent"], environment: german)
        let server = try CLIRunner.run(
            sit + ["--backend", "pulse"], environment: german.merging(["PULSE_SERVER": "unix:/nonexistent"]) { $1 })

        // Then each says in German what could not be opened and why, and names every backend
        let head = "meditate: Fehler: keine Audioausgabe: kann"
        #expect(sink.stderr == "\(head) PulseAudio-Gerät 'nosuch' nicht öffnen: kein Sink dieses Namens\(hint)")
        #expect(
            alsa.stderr == "\(head) ALSA-Gerät '/nonexistent' nicht öffnen: Datei oder Ordner nicht gefunden\(hint)")
        #expect(server.stderr == "\(head) PulseAudio nicht öffnen: Verbindung abgelehnt\(hint)")
        // And in English a sink that is not there is not PulseAudio's "no such entity"
        #expect(
            englishSink.stderr.contains("cannot open PulseAudio device 'nosuch': no sink of that name"),
            "\(englishSink.stderr)")
        #expect([sink, alsa, server, englishSink].allSatisfy { $0.status == 69 })
    }
}
