import Clock
import Foundation
import Localization
import Outputs
import Session

/// Every setting meditate knows, in the order `config list` shows them: the one place where a
/// key's type, default and valid range are declared. The flags of the same names override
/// them; `MEDITATE_<NAME>` variables and config.toml set them for every run.
package enum SettingKeys {
    private static let maxMinutes = SessionConfiguration.maxMinutes
    private static let maxSeconds = SessionConfiguration.maxCountdownSeconds
    private static let minutesExpected = Phrase(
        "a number of minutes, more than 0 and at most \(maxMinutes)",
        de: "eine Minutenzahl größer als 0 und höchstens \(maxMinutes)")
    private static let secondsExpected = Phrase(
        "a number of seconds from 0 to \(maxSeconds)",
        de: "eine Sekundenzahl von 0 bis \(maxSeconds)")

    package static let minutes = Setting<MinutesArgument>(
        "minutes",
        Phrase(
            "Length of the sit after the countdown, in minutes, or open (no set end)",
            de: "Dauer des Sitzens nach dem Vorlauf, in Minuten, oder open (kein festes Ende)"),
        // `open` is said in the summary, which `config list` shows; a refusal names the number.
        expecting: minutesExpected,
        help: Phrase(
            "Length of the sit after the countdown, in minutes (decimals allowed; default {default}); `open`: no set end, the time counts up, and q or `ctl stop` ends it with the completion gong.",
            de:
                "Dauer des Sitzens nach dem Vorlauf, in Minuten (Dezimalzahlen erlaubt; Standard {default}); `open`: kein festes Ende, die Zeit zählt aufwärts, und q oder `ctl stop` beendet es mit dem Schlussgong."
        ),
        valueName: "minutes"
    ) { length in
        guard let minutes = length.exact else { return true }
        return minutes.isPositive && minutes <= maxMinutes
    }.defaulting(to: .exact(ExactDecimal(20)))

    package static let until = Setting<ClockTime>(
        "until",
        Phrase(
            "End the sit at this time of day; its length follows from the clock",
            de: "Das Sitzen zu dieser Uhrzeit beenden; seine Dauer ergibt sich aus der Uhr"),
        expecting: Phrase(
            "a time of day, e.g. 07:00 or 07:00:30", de: "eine Uhrzeit, z. B. 07:00 oder 07:00:30"),
        inConfig: false,
        help: Phrase(
            "End the sit at this time of day, e.g. 07:00 or 07:00:30 (later today): the completion gong sounds then, and the length follows from the clock (instead of --minutes).",
            de:
                "Das Sitzen zu dieser Uhrzeit beenden, z. B. 07:00 oder 07:00:30 (später am heutigen Tag): dann erklingt der Schlussgong, und die Dauer ergibt sich aus der Uhr (statt --minutes)."
        ),
        // The page's sits have minutes; a time of day is for the terminal and schedules' options.
        valueName: "hh:mm[:ss]", onPage: false)

    package static let countdown = Setting<ExactDecimal>(
        "countdown", Phrase("Seconds of silence before the start gong", de: "Sekunden Stille vor dem Startgong"),
        expecting: secondsExpected,
        help: Phrase(
            "Seconds of silence before the start gong (default {default}).",
            de: "Sekunden Stille vor dem Startgong (Standard {default})."),
        valueName: "seconds"
    ) { !$0.isNegative && $0 <= maxSeconds }.defaulting(to: ExactDecimal(15))

    package static let segments = Setting<SegmentList>(
        "segments",
        Phrase(
            "Sitting and walking in turn, e.g. \"sit 25, walk 10, sit 25\" (sets the length)",
            de: "Sitzen und Gehen im Wechsel, z. B. \"sit 25, walk 10, sit 25\" (bestimmt die Dauer)"),
        expecting: Phrase(
            "segments separated by commas, each sit or walk and its minutes, e.g. sit 25, walk 10, sit 25",
            de: "Abschnitte, durch Kommas getrennt, je sit oder walk und seine Minuten, z. B. sit 25, walk 10, sit 25"),
        inConfig: false,
        help: Phrase(
            "Sitting and walking in turn, e.g. \"sit 25, walk 10, sit 25\" (sets the length): a gong at each change, two strikes to walk, one to sit again; bells and the bed while sitting (and walking: --walk-sounds).",
            de:
                "Sitzen und Gehen im Wechsel, z. B. \"sit 25, walk 10, sit 25\" (bestimmt die Dauer): ein Gong bei jedem Wechsel, zwei Schläge zum Gehen, einer zum Sitzen; Glocken und Klangteppich beim Sitzen (und beim Gehen: --walk-sounds)."
        ),
        valueName: "list|none")

    package static let walkSounds = Setting<WalkSounds>(
        "walk-sounds",
        Phrase(
            "What sounds while walking besides the gongs: none, bed, bells or both",
            de: "Was beim Gehen außer den Gongs klingt: none, bed, bells oder both"),
        expecting: Phrase("none, bed, bells or both", de: "none, bed, bells oder both"),
        help: Phrase(
            "What sounds while walking between sits (--segments) besides the gongs: none, the bed, the bells or both (default: {default}).",
            de:
                "Was beim Gehen zwischen den Sitzen (--segments) außer den Gongs klingt: none (nichts), bed (der Klangteppich), bells (die Glocken) oder both (beides; Standard: {default})."
        ),
        valueName: "none|bed|bells|both", note: walkSoundsNote
    ).defaulting(to: WalkSounds.none)

    package static let interval = Setting<ExactDecimal>(
        "interval",
        Phrase("A bell every N minutes during the sit", de: "Eine Glocke alle N Minuten während des Sitzens"),
        expecting: minutesExpected,
        help: Phrase(
            "A bell every N minutes during the sit (default: none); none sits without them, whatever config.toml says.",
            de:
                "Eine Glocke alle N Minuten während des Sitzens (Standard: keine); none sitzt ohne sie, was auch immer in config.toml steht."
        ),
        valueName: "minutes|none", note: intervalNote
    ) { $0.isPositive && $0 <= maxMinutes }

    package static let bells = Setting<BellList>(
        "bells",
        Phrase(
            "Bells at these minutes after the start (replaces interval)",
            de: "Glocken zu diesen Minuten nach dem Beginn (ersetzt interval)"),
        expecting: Phrase(
            "minutes separated by commas, e.g. 5,12.5,20", de: "Minuten, durch Kommas getrennt, z. B. 5,12.5,20"),
        inConfig: false,
        help: Phrase(
            "Bells at these minutes after the start, e.g. 5,12.5,20 (replaces --interval); none: no such bells this time.",
            de:
                "Glocken zu diesen Minuten nach dem Beginn, z. B. 5,12.5,20 (ersetzt --interval); none: diesmal keine solchen Glocken."
        ),
        // The page offers a regular interval or random bells, not a list of minutes.
        valueName: "list|none", note: bellsNote, onPage: false)

    package static let randomBells = Setting<RandomBells>(
        "random-bells",
        Phrase(
            "Bells at random moments, MIN-MAX minutes apart (replaces interval and bells)",
            de: "Glocken zu zufälligen Zeiten, MIN-MAX Minuten auseinander (ersetzt interval und bells)"),
        expecting: Phrase(
            "two numbers of minutes, the shorter gap first, e.g. 3-10",
            de: "zwei Minutenzahlen, der kürzere Abstand zuerst, z. B. 3-10"),
        help: Phrase(
            "Bells at random moments, MIN to MAX minutes apart, e.g. 3-10 (replaces --interval); none in the last minute, and not announced. The same --seed rings them at the same moments.",
            de:
                "Glocken zu zufälligen Zeiten, MIN bis MAX Minuten auseinander, z. B. 3-10 (ersetzt --interval); keine in der letzten Minute, und nicht angekündigt. Derselbe --seed läutet sie zu denselben Zeiten."
        ),
        valueName: "min-max|none", note: randomBellsNote)

    package static let strikes = Setting<Int>(
        "strikes", Phrase("Strikes per gong", de: "Schläge je Gong"),
        expecting: Phrase("a whole number from 1 to 10", de: "eine ganze Zahl von 1 bis 10"),
        help: Phrase(
            "Strikes per gong, about 1.5 s apart (1-10; default {default}).",
            de: "Schläge je Gong, etwa 1,5 s auseinander (1-10; Standard {default})."),
        // The page sets the strikes of each gong on its own (`start-strikes`…).
        onPage: false
    ) { SessionConfiguration.strikeRange.contains($0) }.defaulting(to: 1)

    package static let noise = Setting<NoiseArgument>(
        "noise", Phrase("Background bed during the sit", de: "Klangteppich während des Sitzens"),
        expecting: Phrase("white, pink, brown, ocean or none", de: "white, pink, brown, ocean oder none"),
        help: Phrase(
            "Background bed from the start gong to the completion gong (default {default}).",
            de: "Klangteppich vom Startgong bis zum Schlussgong (Standard {default})."),
        valueName: "white|pink|brown|ocean|none", note: noiseNote
    ).defaulting(to: NoiseArgument.none)

    package static let noiseVolume = Setting<Float>(
        "noise-volume", Phrase("Volume of the noise bed", de: "Lautstärke des Rauschens"),
        expecting: Phrase("a volume from 0 to 1", de: "eine Lautstärke von 0 bis 1"),
        help: Phrase(
            "Volume of the bed (noise or ambience), 0-1 (default {default}).",
            de: "Lautstärke des Klangteppichs (Rauschen oder Klangkulisse), 0-1 (Standard {default})."),
        // Not yet on the page: its sits take config.toml's (or the preset's) bed volume.
        valueName: "volume", onPage: false
    ) { (0...1).contains($0) }.defaulting(to: 0.15)

    package static let ambience = Setting<String>(
        "ambience",
        Phrase(
            "A sound file or library track looped as the bed instead of noise",
            de: "Eine Audiodatei oder Aufnahme der Bibliothek, in Schleife als Klangteppich statt Rauschen"),
        expecting: Phrase(
            "a file's path or a track's id or title", de: "der Pfad einer Datei oder Nummer oder Titel einer Aufnahme"),
        help: Phrase(
            "A sound file or library track looped as the bed instead of noise, cross-faded at its seam, as loud as the noise at --noise-volume; none: no ambience this time.",
            de:
                "Eine Audiodatei oder Aufnahme der Bibliothek, in Schleife als Klangteppich statt Rauschen, an der Naht überblendet, so laut wie das Rauschen bei --noise-volume; none: diesmal keine Klangkulisse."
        ),
        valueName: "path|track|none", note: ambienceNote
    ) { !$0.isEmpty }

    package static let ambienceCrossfade = Setting<Float>(
        "ambience-crossfade",
        Phrase(
            "Seconds of the cross-fade where the ambience loops",
            de: "Sekunden der Überblendung, wo die Klangkulisse neu beginnt"),
        expecting: Phrase("seconds from 0.1 to 30", de: "Sekunden von 0,1 bis 30"),
        help: Phrase(
            "Seconds of the cross-fade where the ambience loops, 0.1-30 (default {default}); the file must last twice as long.",
            de:
                "Sekunden der Überblendung, wo die Klangkulisse neu beginnt, 0,1-30 (Standard {default}); die Datei muss doppelt so lang sein."
        ),
        // A property of the recording's seam, set once in config.toml, not per sit.
        valueName: "seconds", onPage: false
    ) { AmbienceLoop.crossfadeRange.contains($0) }
    .defaulting(to: Float(AmbienceLoop.defaultCrossfadeMilliseconds) / 1000)

    package static let fadeOut = Setting<ExactDecimal>(
        "fade-out",
        Phrase(
            "Seconds over which the bed falls silent at the sit's end",
            de: "Sekunden, über die der Klangteppich am Ende des Sitzens verklingt"),
        expecting: Phrase("seconds from 1 to 3600", de: "Sekunden von 1 bis 3600"),
        help: Phrase(
            "Seconds over which the bed (noise or ambience) falls silent at the end of the sit, e.g. 600 to fall asleep to it (default: 5, less in a short sit; at most what the sit leaves after the bed has risen).",
            de:
                "Sekunden, über die der Klangteppich (Rauschen oder Klangkulisse) am Ende des Sitzens verklingt, z. B. 600, um dabei einzuschlafen (Standard: 5, weniger bei einem kurzen Sitzen; höchstens, was vom Sitzen nach dem Anschwellen des Teppichs bleibt)."
        ),
        // Not yet on the page (the sleep fade of the sitter's-day issue will bring it there).
        valueName: "seconds", onPage: false
    ) { $0 >= ExactDecimal(1) && $0 <= ExactDecimal(3600) }

    package static let after = Setting<AfterSit>(
        "after",
        Phrase(
            "What the machine does after a sit that ran to its end: stop or suspend",
            de: "Was der Rechner nach einem Sitzen tut, das bis zu seinem Ende lief: stop oder suspend"),
        expecting: Phrase("stop or suspend", de: "stop oder suspend"),
        help: Phrase(
            "After a sit that ran to its end: stop (default), or suspend the machine through logind, as its inhibitors allow. Never after a sit that was stopped, nor after a render.",
            de:
                "Nach einem Sitzen, das bis zu seinem Ende lief: stop (Standard) oder den Rechner über logind in den Ruhezustand versetzen, soweit dessen Inhibitoren es erlauben. Nie nach einem Sitzen, das beendet wurde, und nie nach einem Rendern."
        ),
        // The page's Sleep button asks for it through `sleep.start`'s [sleep] table.
        valueName: "stop|suspend", onPage: false
    ).defaulting(to: AfterSit.stop)

    package static let gong = Setting<String>(
        "gong",
        Phrase(
            "A bundled sound (`bowl`, `gong`, `bell`) or an audio file",
            de: "Ein mitgelieferter Klang (`bowl`, `gong`, `bell`) oder eine Audiodatei"),
        expecting: Phrase("a sound's name or a file's path", de: "der Name eines Klangs oder der Pfad einer Datei"),
        help: Phrase(
            "A bundled sound (`bowl`, `gong`, `bell`) or an audio file (default {default}); none: no gong at all, the bed alone (a sound to fall asleep to).",
            de:
                "Ein mitgelieferter Klang (`bowl`, `gong`, `bell`) oder eine Audiodatei (Standard {default}); none: gar kein Gong, nur der Klangteppich (ein Klang zum Einschlafen)."
        ),
        valueName: "name|path|none"
    ) { !$0.isEmpty }.defaulting(to: "bowl")

    package static let gongVolume = Setting<Float>(
        "gong-volume", Phrase("Volume of the gongs", de: "Lautstärke der Gongs"),
        expecting: Phrase("a volume from 0 to 1", de: "eine Lautstärke von 0 bis 1"),
        help: Phrase(
            "Volume of the gongs, 0-1 (default {default}).", de: "Lautstärke der Gongs, 0-1 (Standard {default})."),
        // The page sets each gong's volume on its own (`start-volume`…), from this one.
        valueName: "volume", onPage: false
    ) { (0...1).contains($0) }.defaulting(to: 1)

    package static let sampleRate = Setting<Int>(
        "sample-rate", Phrase("Engine sample rate in Hz", de: "Abtastrate der Engine in Hz"),
        expecting: Phrase("a rate from 8000 to 192000 Hz", de: "eine Rate von 8000 bis 192000 Hz"),
        help: Phrase(
            "Engine sample rate in Hz (default {default}).", de: "Abtastrate der Engine in Hz (Standard {default})."),
        // The service plays at the device's rate, or the one playing: nothing for a sitter to set.
        valueName: "hz", onPage: false
    ) { SessionConfiguration.sampleRateRange.contains($0) }.defaulting(to: 48_000)

    package static let seed = Setting<UInt64>(
        "seed",
        Phrase(
            "Seed of the noise and the random bells (random when not set)",
            de: "Startwert des Rauschens und der zufälligen Glocken (zufällig, wenn nicht gesetzt)"),
        expecting: Phrase(
            "a whole number from 0 to 18446744073709551615", de: "eine ganze Zahl von 0 bis 18446744073709551615"),
        inConfig: false,
        help: Phrase(
            "Seed of the noise and the random bells; the same seed gives the same noise, bit for bit, and the same moments (default: random).",
            de:
                "Startwert des Rauschens und der zufälligen Glocken; derselbe Wert gibt dasselbe Rauschen, Bit für Bit, und dieselben Zeiten (Standard: zufällig)."
        ),
        // For a render or a test that must come out the same, not for a sit started by hand.
        onPage: false)

    package static let backend = Setting<OutputBackend>(
        "backend", Phrase("Sound system", de: "Soundsystem"),
        expecting: Phrase("auto, pulse, alsa or snapcast", de: "auto, pulse, alsa oder snapcast")
    ).defaulting(to: .auto)

    package static let device = Setting<String>(
        "device",
        Phrase(
            "A PulseAudio sink, an ALSA PCM or snapserver's FIFO (the system's default when not set)",
            de:
                "Ein PulseAudio-Sink, ein ALSA-PCM oder der FIFO von snapserver (der Standard des Systems, wenn nicht gesetzt)"
        ),
        expecting: Phrase("a device's name", de: "der Name eines Geräts")
    ) { !$0.isEmpty }

    package static let latency = Setting<Int>(
        "latency-ms",
        Phrase(
            "How soon a pause or an early end is heard, in milliseconds",
            de: "Wie bald eine Pause oder ein vorzeitiges Ende zu hören ist, in Millisekunden"),
        expecting: Phrase("a number of milliseconds from 20 to 2000", de: "eine Millisekundenzahl von 20 bis 2000")
    ) { (20...2000).contains($0) }.defaulting(to: 100)

    package static let snapcastBuffer = Setting<Int>(
        "snapcast-buffer-ms",
        Phrase(
            "snapserver's buffer (its `buffer` setting): how long after the server takes a frame its rooms hear it, in milliseconds",
            de:
                "Der Puffer von snapserver (seine Einstellung `buffer`): wie lange, nachdem der Server ein Frame nimmt, die Räume es hören, in Millisekunden"
        ),
        expecting: Phrase("a number of milliseconds from 0 to 10000", de: "eine Millisekundenzahl von 0 bis 10000")
    ) { (0...10000).contains($0) }.defaulting(to: 1000)

    package static let target = Setting<ExactDecimal>(
        "target",
        Phrase(
            "Loudness guided tracks are brought to, in LUFS",
            de: "Lautheit, auf die geführte Aufnahmen gebracht werden, in LUFS"),
        expecting: Phrase("a loudness from -40 to -6 LUFS", de: "eine Lautheit von -40 bis -6 LUFS")
    ) { LoudnessNormalization.targetRange.contains($0.doubleValue) }.defaulting(to: ExactDecimal(-18))

    package static let normalize = Setting<Bool>(
        "normalize",
        Phrase("Bring guided tracks to the target loudness", de: "Geführte Aufnahmen auf die Ziel-Lautheit bringen"),
        expecting: Phrase("true or false", de: "true oder false")
    ).defaulting(to: true)

    package static let guided = Setting<String>(
        "guided",
        Phrase(
            "A guided track (an id, a title's start, or a file) played first",
            de: "Eine geführte Aufnahme (ID, Anfang des Titels oder Datei), die zuerst läuft"),
        expecting: Phrase("a track", de: "eine Aufnahme"), inConfig: false
    ) { !$0.isEmpty }

    package static let then = Setting<ExactDecimal>(
        "then",
        Phrase(
            "Minutes of silent sit after the guided track", de: "Minuten stilles Sitzen nach der geführten Aufnahme"),
        expecting: minutesExpected, inConfig: false
    ) { $0.isPositive && $0 <= maxMinutes }

    package static let gap = Setting<ExactDecimal>(
        "gap",
        Phrase(
            "Seconds between a guided track's end and the gong that opens the sit",
            de: "Sekunden zwischen dem Ende der geführten Aufnahme und dem Gong, der das Sitzen eröffnet"),
        expecting: secondsExpected
    ) { !$0.isNegative && $0 <= maxSeconds }.defaulting(to: ExactDecimal(5))

    package static let lang = Setting<Language>(
        "lang",
        Phrase(
            "Language of messages (the locale's when not set)",
            de: "Sprache der Meldungen (die der Locale, wenn nicht gesetzt)"),
        expecting: Phrase("en or de", de: "en oder de"))

    package static let affirmations = Setting<Bool>(
        "affirmations",
        Phrase(
            "Show affirmations in the status line while sitting",
            de: "Affirmationen in der Statuszeile zeigen, während du sitzt"),
        expecting: Phrase("true or false", de: "true oder false")
    ).defaulting(to: true)

    package static let affirmationsFile = Setting<String>(
        "affirmations-file",
        Phrase(
            "Your own affirmations, one per line (the built-in ones when not set)",
            de: "Eigene Affirmationen, eine pro Zeile (die eingebauten, wenn nicht gesetzt)"),
        expecting: Phrase("a file's path", de: "der Pfad einer Datei")
    ) { !$0.isEmpty }

    package static let notify = Setting<Bool>(
        "notify",
        Phrase(
            "A desktop notification when a sit ends (where there is a desktop)",
            de: "Eine Benachrichtigung auf dem Desktop, wenn ein Sitzen endet (wo es einen gibt)"),
        expecting: Phrase("true or false", de: "true oder false")
    ).defaulting(to: true)

    package static let dayStarts = Setting<ClockTime>(
        "day-starts",
        Phrase(
            "When your day begins, for stats and streaks: a sit before it counts for the day before",
            de: "Wann dein Tag beginnt, für Statistik und Serien: ein Sitzen davor zählt zum Vortag"),
        expecting: Phrase(
            "a time from 00:00 to 11:45 in quarter hours (such as 04:00)",
            de: "eine Uhrzeit von 00:00 bis 11:45 in Viertelstunden (etwa 04:00)")
        // Quarter hours before noon: the history's totals add sits up by quarter hours (PracticeDays).
    ) { $0.secondOfDay % 900 == 0 && $0.secondOfDay < 12 * 3600 }.defaulting(to: ClockTime.midnight)

    package static let streaks = Setting<Bool>(
        "streaks",
        Phrase(
            "Show streaks (days in a row) in stats, on the page and at a sit's end",
            de: "Serien (Tage in Folge) in der Statistik, auf der Seite und am Ende eines Sitzens zeigen"),
        expecting: Phrase("true or false", de: "true oder false")
    ).defaulting(to: true)

    package static let historyFolder = Setting<String>(
        "history-folder",
        Phrase(
            "The folder of the history's files, for Syncthing or Nextcloud to carry to your other devices (the data folder when not set)",
            de:
                "Der Ordner mit den Dateien des Protokolls, den Syncthing oder Nextcloud mit deinen anderen Geräten abgleicht (der Datenordner, wenn nicht gesetzt)"
        ),
        expecting: Phrase(
            "an absolute path, or one beginning with ~/", de: "ein absoluter Pfad oder einer, der mit ~/ beginnt")
    ) { $0.hasPrefix("/") || $0.hasPrefix("~/") }

    package static let remote = Setting<String>(
        "remote",
        Phrase(
            "The paired service `meditate ctl` reaches when neither --host nor --socket is given",
            de: "Der gekoppelte Dienst, den `meditate ctl` erreicht, wenn weder --host noch --socket angegeben ist"),
        expecting: Phrase(
            "a paired service's name, host or host:port",
            de: "Name, Rechner oder Rechner:Port eines gekoppelten Dienstes")
    ) { !$0.isEmpty && !$0.contains(where: \.isWhitespace) }

    package static let all: [any AnySetting] =
        [
            minutes, until, countdown, segments, walkSounds, interval, bells, randomBells, strikes, noise, noiseVolume,
            ambience,
            ambienceCrossfade, fadeOut, gong, gongVolume
        ]
        + gongRoles
        + [
            sampleRate, seed, after,
            backend, device, latency, snapcastBuffer, target, normalize, guided, then, gap, lang, affirmations,
            affirmationsFile, notify, dayStarts, streaks, historyFolder, remote
        ]

    /// What is this machine's alone: where its sound goes (a backend, a device, which an ALSA
    /// plugin may make a program to run, a latency, a buffer) and what it does when a sit ends
    /// (suspend). A preset saved with them keeps them in config.toml's `[preset.NAME]`; nothing
    /// read from the shared folder sets them, whoever wrote it.
    package static let thisMachine: [any AnySetting] = [backend, device, latency, snapcastBuffer, after]

    /// What a preset in the shared folder may carry: a sit's practice, every key of it checked
    /// as a flag is. The rest (this machine's, and what only config.toml sets: the language, the
    /// history's folder, the paired remote, a file of affirmations) is never read from there.
    package static let practice: [any AnySetting] =
        [
            minutes, until, countdown, segments, walkSounds, interval, bells, randomBells, strikes, noise, noiseVolume,
            ambience, ambienceCrossfade, fadeOut, gong, gongVolume
        ]
        + gongRoles + [sampleRate, seed, target, normalize, guided, then, gap]

    /// Whether `name` is one of `thisMachine`'s keys.
    package static func isThisMachines(_ name: String) -> Bool {
        thisMachine.contains { $0.name == name }
    }

    /// Whether a shared preset may carry `name` (`practice`).
    package static func isPractice(_ name: String) -> Bool {
        practice.contains { $0.name == name }
    }

    /// A sit's sounds: the members of `SitSoundRequest`, each the option of the same name of
    /// `meditate sit`, `render` and `play --then`.
    // How the history's note of a sit says a sound setting, and "Again" reads it back.

    private static let walkSoundsNote = NoteWords(
        parts: { sit in
            guard sit.configuration.hasSegments else { return [] }
            return switch sit.configuration.walkSounds {
            case .none: []
            case .bed: [(.walkBed, [:])]
            case .bells: [(.walkBells, [:])]
            case .both: [(.walkBedAndBells, [:])]
            }
        },
        reading: { parts in
            let sounds: [MessageKey: WalkSounds] = [.walkBed: .bed, .walkBells: .bells, .walkBedAndBells: .both]
            return .given((parts.first(of: sounds) ?? WalkSounds.none).settingText)
        })

    private static let intervalNote = NoteWords(
        parts: { sit in
            guard let interval = sit.configuration.interval else { return [] }
            let every = DurationText.words(seconds: interval.rounded(times: 60))
            return [(.sitBellsEvery, ["minutes": interval.description, "every": every])]
        },
        reading: { .value(of: .sitBellsEvery, "minutes", in: $0) { ExactDecimal($0)?.settingText } })

    private static let randomBellsNote = NoteWords(
        parts: { sit in
            // One kind of bells rings in a sit: an interval before random bells before a list.
            guard sit.configuration.interval == nil, let random = sit.configuration.randomBells else { return [] }
            return [
                (
                    .sitBellsRandom,
                    [
                        "shortest": DurationText.words(seconds: random.shortest.rounded(times: 60)),
                        "longest": DurationText.words(seconds: random.longest.rounded(times: 60)),
                        "range": random.description
                    ]
                )
            ]
        },
        reading: { .value(of: .sitBellsRandom, "range", in: $0) { RandomBells($0)?.settingText } })

    private static let bellsNote = NoteWords(
        parts: { sit in
            let c = sit.configuration
            guard c.interval == nil, c.randomBells == nil, !c.bells.isEmpty else { return [] }
            // In the order they ring, whatever order they were given in.
            return [(.sitBellsAt, ["list": c.bells.sorted().map(\.description).joined(separator: "; ")])]
        },
        reading: {
            // "5; 12.5" in the note, "5,12.5" as the option takes it.
            .value(of: .sitBellsAt, "list", in: $0) {
                BellList(settingText: $0.replacingOccurrences(of: "; ", with: ","))?.settingText
            }
        })

    private static let noiseNote = NoteWords(
        parts: { sit in
            switch sit.configuration.noise {
            case .white?: [(.noiseWhite, [:])]
            case .pink?: [(.noisePink, [:])]
            case .brown?: [(.noiseBrown, [:])]
            case .ocean?: [(.noiseOcean, [:])]
            case nil: []
            }
        },
        reading: { parts in
            let noises: [MessageKey: NoiseArgument] = [
                .noiseWhite: .white, .noisePink: .pink, .noiseBrown: .brown, .noiseOcean: .ocean
            ]
            return .given((parts.first(of: noises) ?? NoiseArgument.none).settingText)
        })

    private static let ambienceNote = NoteWords(
        parts: { sit in
            guard let ambience = sit.configuration.ambience else { return [] }
            // By its title (a track's, a file's tag) when it is open; else a file by its name
            // alone: the history is read, and a folder says nothing of the sound. Its `source`
            // (AmbienceBed's) lets the page's "Again" ask for it anew.
            let name = sit.bedTitle ?? ((ambience as NSString).lastPathComponent as NSString).deletingPathExtension
            return [(.ambience, ["name": name, "source": sit.bedSource ?? ambience])]
        },
        reading: { parts in
            guard let bed = parts.first(.ambience) else { return .noneGiven }
            // A bed of a note older than its source is left to config.toml rather than taken away.
            return bed["source"].map { .given($0) } ?? .notGiven
        })

    package static let sitSound: [any AnySetting] =
        [
            walkSounds, interval, bells, randomBells, strikes, noise, noiseVolume, ambience, ambienceCrossfade, fadeOut,
            gong, gongVolume
        ]
        + gongRoles + [sampleRate, seed]

    package static func named(_ name: String) -> (any AnySetting)? {
        all.first { $0.name == name }
    }
}
