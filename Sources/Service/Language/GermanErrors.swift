import Decoders
import Library
import Outputs
import Session
import Settings

/// The engine's errors in German; each switch is exhaustive, so a new case cannot ship without
/// its German text.
extension FailureLine {
    static func german(_ error: SessionPlanError) -> String {
        typealias C = SessionConfiguration
        return switch error {
        case let .minutesNotPositive(m): "--minutes muss größer als 0 sein (angegeben: \(m))"
        case let .minutesTooShort(m): "--minutes \(m) ist kürzer als eine Sekunde; eine Sitzung dauert mindestens 1 s"
        case let .minutesTooLong(m): "--minutes darf höchstens \(C.maxMinutes) sein (24 Stunden), angegeben: \(m)"
        case let .countdownNegative(c): "--countdown muss 0 oder mehr Sekunden sein (angegeben: \(c))"
        case let .countdownTooLong(c):
            "--countdown darf höchstens \(C.maxCountdownSeconds) Sekunden sein (angegeben: \(c))"
        case let .intervalNotPositive(i): "--interval muss größer als 0 Minuten sein (angegeben: \(i))"
        case let .intervalNotShorterThanSession(i, m, nil):
            "--interval (\(i) min) muss kürzer sein als die Sitzung (\(m) min)"
        case let .intervalNotShorterThanSession(i, m, origin?):
            "interval = \(i) (\(origin)) ist nicht kürzer als dieses Sitzen von \(m) Minuten; mit --interval none sitzt du ohne Glocken"
        case .bellsWithInterval: "--bells ersetzt --interval; gib das eine oder das andere an"
        case let .bellOutOfRange(b, m):
            "--bells: \(b) muss nach dem Startgong und vor dem Schlussgong liegen (mehr als 0, weniger als \(m) Minuten)"
        case let .duplicateBell(b): "--bells: \(b) ist doppelt angegeben"
        case let .strikesOutOfRange(n):
            "--strikes muss zwischen \(C.strikeRange.lowerBound) und \(C.strikeRange.upperBound) liegen (angegeben: \(n))"
        case let .roleStrikesOutOfRange(role, n):
            "--\(role.rawValue)-strikes muss zwischen \(C.strikeRange.lowerBound) und \(C.strikeRange.upperBound) liegen (angegeben: \(n))"
        case let .volumeOutOfRange(name, value): "--\(name) muss zwischen 0 und 1 liegen (angegeben: \(value))"
        case let .sampleRateOutOfRange(rate):
            "--sample-rate muss zwischen \(C.sampleRateRange.lowerBound) und \(C.sampleRateRange.upperBound) Hz liegen (angegeben: \(rate))"
        case .emptyTrack: "die geführte Aufnahme enthält keinen Ton"
        case let .intervalTooShort(i, seconds):
            "--interval \(i) min ist kürzer als die Schläge eines Gongs; Glocken müssen mindestens \(Self.dePlanSeconds(seconds)) s auseinander liegen"
        case let .bellsTooClose(a, b, seconds):
            "--bells: \(a) und \(b) liegen näher beieinander als die Schläge eines Gongs; Glocken müssen mindestens \(Self.dePlanSeconds(seconds)) s auseinander liegen"
        case let .tooManyBells(count): "das ergäbe \(count) Glocken; eine Sitzung hat höchstens \(SessionPlan.maxBells)"
        case let .segmentOutOfRange(segment):
            "--segments: '\(segment)' muss mindestens 1 s und höchstens \(C.maxMinutes) Minuten dauern"
        case let .endsAmongStrikes(nil, minutes, _, strikes, seconds):
            "--minutes \(minutes): das Sitzen endet, bevor die \(strikes) Schläge des Anfangsgongs erklungen sind; es muss länger als \(Self.dePlanSeconds(seconds)) s dauern"
        case let .endsAmongStrikes(segment?, _, role, strikes, seconds):
            "--segments: '\(segment)' endet, bevor die \(strikes) Schläge seines Gongs erklungen sind (--\(role.rawValue)-strikes); er muss länger als \(Self.dePlanSeconds(seconds)) s dauern"
        case .noSitting:
            "--segments: keiner davon ist ein Sitzen; eine Sitzung sitzt mindestens einmal, z. B. \"sit 20, walk 5, sit 20\""
        case let .segmentsTooLong(sum):
            "--segments ergeben \(sum) Minuten; eine Sitzung dauert höchstens \(C.maxMinutes) (24 Stunden)"
        case let .tooManySegments(count):
            "--segments: \(count) Abschnitte; eine Sitzung hat höchstens \(SessionSegment.maxCount)"
        case let .segmentsDisagree(segments, minutes):
            "--segments ergeben \(segments) Minuten, --minutes sagt \(minutes); gib das eine oder das andere an"
        case .openWithSegments: "--minutes open hat kein Ende zum Aufteilen; --segments bestimmt die Dauer"
        case .openRender:
            "eine Aufnahme in eine Datei braucht eine Länge: --minutes open hat keine (gib --minutes N an)"
        case .bellsWithSegments:
            "--bells sind Minuten eines einzigen Sitzens; mit --segments gib --interval oder --random-bells an"
        case .noiseWithAmbience:
            "--noise und --ambience sind beide ein Klangteppich; gib nur einen an (oder --noise none)"
        case .randomBellsWithOthers: "--random-bells ersetzt --interval und --bells; gib nur eines davon an"
        case let .randomBellsOutOfRange(random, minutes):
            "--random-bells \(random): die Abstände müssen größer als 0 und höchstens die \(minutes) Minuten des Sitzens sein, der kürzere zuerst"
        case let .randomBellsLongerThanSession(random, minutes, origin):
            "random-bells = \(random) (\(origin)) ist länger als dieses Sitzen von \(Language.de.decimal(minutes.description)) Minuten; mit --random-bells none sitzt du ohne sie"
        case let .randomBellsTooClose(random, seconds):
            "--random-bells \(random): der kürzeste Abstand ist kürzer als die Schläge eines Gongs; Glocken müssen mindestens \(Self.dePlanSeconds(seconds)) s auseinander liegen"
        }
    }

    static func german(_ error: SoundError) -> String {
        switch error {
        case let .unknownName(name):
            "unbekannter Gong '\(name)': nimm \(BundledSound.allCases.map(\.rawValue).joined(separator: ", ")) oder den Pfad einer Audiodatei"
        case let .bundledSoundMissing(sound, _):
            "der mitgelieferte Klang '\(sound.fileName)' ist nicht installiert; setze MEDITATE_SOUNDS auf den Ordner, der ihn enthält"
        case let .crossfadeOutOfRange(seconds):
            "--ambience-crossfade muss 0,1 bis 30 Sekunden lang sein (angegeben: \(SoundError.given(seconds).replacingOccurrences(of: ".", with: ",")))"
        case let .ambienceTooShort(path, seconds, crossfade):
            "Klangkulisse '\(path)' dauert \(Self.deSeconds(seconds, .down)) s; eine Schleife braucht mindestens \(Self.deSeconds(2 * crossfade, .up)) s (das Doppelte ihrer Überblendung von \(Self.deSeconds(crossfade)) s)"
        }
    }

    /// A plan's seconds ("1.5") with the German decimal comma.
    private static func dePlanSeconds(_ value: Double) -> String {
        SessionPlanError.seconds(value).replacingOccurrences(of: ".", with: ",")
    }

    private static func deSeconds(
        _ value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) -> String {
        SoundError.seconds(value, rule).replacingOccurrences(of: ".", with: ",")
    }

    static func german(_ error: CoordinatorError) -> String {
        switch error {
        case let .transitionNotAllowed(source, from, to):
            "\(source.rawValue) kann nicht von \(from.rawValue) nach \(to.rawValue) wechseln"
        case let .notOwner(source): "\(source.rawValue) besitzt die Audioausgabe nicht"
        }
    }

    static func german(_ error: DecoderError) -> String {
        switch error {
        case let .fileNotFound(path): "'\(path)': keine solche Datei"
        case let .unreadable(path, reason):
            "'\(path)': die Datei ist nicht lesbar (\(reason == RegularFile.directoryReason ? "ein Ordner" : GermanDecoderReason.german(reason)))"
        case let .empty(path): "'\(path)': die Datei ist leer"
        case let .notAudio(path):
            "'\(path)': keine Audiodatei, die dieses Programm lesen kann (MP3, WAV, FLAC, Ogg, AIFF)"
        case let .truncated(path, shortfall): "'\(path)': die Datei ist abgeschnitten (\(Self.german(shortfall)))"
        case let .decodeFailed(path, reason):
            "'\(path)': Dekodieren fehlgeschlagen (\(GermanDecoderReason.german(reason)))"
        case let .resamplerFailed(reason): "Umrechnen der Abtastrate fehlgeschlagen (\(reason))"
        case let .notRegularFile(path, kind): "'\(path)': \(german(kind)), keine gewöhnliche Datei"
        case let .implausibleLength(path):
            "'\(path)': ihr Kopf verspricht mehr als \(SourceFormat.maxSeconds / 3600) Stunden Ton; die Datei ist beschädigt"
        case let .tooLong(path, seconds, limit):
            "'\(path)': \(seconds / 60) min \(seconds % 60) s sind zu lang für einen Gong (höchstens \(limit / 60) min); spiele sie mit --guided"
        }
    }

    static func german(_ kind: DecoderError.FileKind) -> String {
        switch kind {
        case .directory: "ein Ordner"
        case .fifo: "ein FIFO"
        case .characterDevice: "ein zeichenorientiertes Gerät"
        case .blockDevice: "ein Blockgerät"
        case .socket: "ein Socket"
        case .other: "eine Sonderdatei"
        }
    }

    /// "laut Dateikopf 49997 Samples, enthalten sind 23040".
    static func german(_ shortfall: Shortfall) -> String {
        let unit =
            switch shortfall.unit {
            case .samples: "Samples"
            case .frames: "Frames"
            case .bytes: "Bytes"
            }
        return "laut Dateikopf \(shortfall.promised) \(unit), enthalten sind \(shortfall.held)"
    }

    static func german(_ error: LibraryError) -> String {
        switch error {
        case let .database(path, reason):
            "die Bibliothek in '\(path)' ist nicht benutzbar: \(DatabaseReason.german(reason))"
        case let .unreadable(path, reason): "'\(path)': die Datei ist nicht lesbar (\(SystemReason.german(reason)))"
        case let .undecodable(error): german(error)
        case let .unmeasurable(path, sampleRate): "'\(path)': Ton mit \(sampleRate) Hz lässt sich nicht messen"
        case let .holdsNoAudio(path): "'\(path)': enthält keinen Ton"
        case let .noSuchPath(path): "'\(path)': keine solche Datei und kein solcher Ordner"
        case let .noSuchTrack(reference):
            "keine Aufnahme '\(reference)' in der Bibliothek (siehe `meditate library list`)"
        case let .ambiguous(reference, candidates):
            "'\(reference)' passt auf \(candidates.count) Aufnahmen (\(LibraryError.shortList(candidates))); gib ihre ID oder mehr vom Titel an"
        case let .copyFailed(path, reason):
            "'\(path)': kann nicht in die Bibliothek kopiert werden (\(SystemReason.german(reason)))"
        case let .damagedSamples(path, count):
            "'\(path)': die Datei ist beschädigt (\(count) Samples sind keine Zahl oder über +24 dBFS)"
        case let .measuringStopped(path):
            "'\(path)': die Lautheit zu messen dauerte zu lange; `meditate library import` misst sie einmal für immer"
        }
    }

    static func german(_ error: OutputError) -> String {
        switch error {
        case let .cannotCreate(path, reason): "kann '\(path)' nicht schreiben: \(SystemReason.german(reason))"
        case let .writeFailed(path, reason): "Schreiben von '\(path)' fehlgeschlagen: \(SystemReason.german(reason))"
        case let .notAFile(path):
            "kann '\(path)' nicht schreiben: keine gewöhnliche Datei (ein Gerät, ein FIFO oder ein Ordner); -o schreibt nur Dateien"
        case .standardOutput:
            "-o - (Standardausgabe) geht nicht: der Kopf einer WAV-Datei braucht die Länge; gib einen Dateinamen an"
        case let .unavailable(backend, device, reason):
            "kann \(backend)\(device.map { "-Gerät '\($0)'" } ?? "") nicht öffnen: \(SystemReason.german(reason))"
        case let .deviceLost(reason): "das Audiogerät ist weg: \(SystemReason.german(reason))"
        case let .engineFull(programs):
            "\(programs) Klänge spielen gleichzeitig, so viele, wie die Engine spielt; versuche es, wenn einer endet"
        case let .noOutput(attempts):
            "keine Audioausgabe: " + attempts.map(german).joined(separator: "; ")
                + " (wähle eine mit --backend pulse|alsa|snapcast und --device NAME, siehe `meditate devices`, "
                + "oder schreibe eine Datei mit `meditate render`)"
        }
    }
}
