import Localization

extension SessionPlanError {
    /// A length, a count or a sound's number out of its range.
    var lengthAndSoundPhrase: Phrase {
        typealias C = SessionConfiguration
        let strikes = "\(C.strikeRange.lowerBound)", mostStrikes = "\(C.strikeRange.upperBound)"
        return switch self {
        case let .minutesNotPositive(m):
            Phrase(
                "--minutes must be greater than 0 (got \(m))", de: "--minutes muss größer als 0 sein (angegeben: \(m))")
        case let .minutesTooShort(m):
            Phrase(
                "--minutes \(m) is less than a second; a sit lasts at least 1 s",
                de: "--minutes \(m) ist kürzer als eine Sekunde; eine Sitzung dauert mindestens 1 s")
        case let .minutesTooLong(m):
            Phrase(
                "--minutes must be at most \(C.maxMinutes) (24 hours), got \(m)",
                de: "--minutes darf höchstens \(C.maxMinutes) sein (24 Stunden), angegeben: \(m)")
        case let .countdownNegative(c):
            Phrase(
                "--countdown must be 0 or more seconds (got \(c))",
                de: "--countdown muss 0 oder mehr Sekunden sein (angegeben: \(c))")
        case let .countdownTooLong(c):
            Phrase(
                "--countdown must be at most \(C.maxCountdownSeconds) seconds (got \(c))",
                de: "--countdown darf höchstens \(C.maxCountdownSeconds) Sekunden sein (angegeben: \(c))")
        case .openRender:
            Phrase(
                "a render needs a length: --minutes open has none (give --minutes N)",
                de: "eine Aufnahme in eine Datei braucht eine Länge: --minutes open hat keine (gib --minutes N an)")
        case let .fadeOutLongerThanSit(seconds, minutes): Self.fadeOutPhrase(seconds: seconds, minutes: minutes)
        case .untilWithLength:
            Phrase(
                "--until sets the sit's length; give it without --minutes or --segments",
                de: "--until bestimmt die Dauer des Sitzens; gib es ohne --minutes oder --segments an")
        case let .untilPassed(time):
            Phrase(
                "--until \(time): that time has passed today",
                de: "--until \(time): diese Uhrzeit ist heute schon vorbei")
        case let .untilTooSoon(time, countdown):
            Phrase(
                "--until \(time) leaves no time for the countdown (\(countdown) s) and a sit",
                de: "--until \(time) lässt keine Zeit für den Vorlauf (\(countdown) s) und ein Sitzen")
        case .emptyTrack: Phrase("the guided track holds no audio", de: "die geführte Aufnahme enthält keinen Ton")
        case let .strikesOutOfRange(n):
            Phrase(
                "--strikes must be between \(strikes) and \(mostStrikes) (got \(n))",
                de: "--strikes muss zwischen \(strikes) und \(mostStrikes) liegen (angegeben: \(n))")
        case let .roleStrikesOutOfRange(role, n):
            Phrase(
                "--\(role.rawValue)-strikes must be between \(strikes) and \(mostStrikes) (got \(n))",
                de: "--\(role.rawValue)-strikes muss zwischen \(strikes) und \(mostStrikes) liegen (angegeben: \(n))")
        case let .volumeOutOfRange(name, value):
            Phrase(
                "--\(name) must be between 0 and 1 (got \(value))",
                de: "--\(name) muss zwischen 0 und 1 liegen (angegeben: \(value))")
        case let .sampleRateOutOfRange(rate):
            Phrase(
                "--sample-rate must be between \(C.sampleRateRange.lowerBound) and \(C.sampleRateRange.upperBound) Hz (got \(rate))",
                de:
                    "--sample-rate muss zwischen \(C.sampleRateRange.lowerBound) und \(C.sampleRateRange.upperBound) Hz liegen (angegeben: \(rate))"
            )
        case .noiseWithAmbience:
            Phrase(
                "--noise and --ambience are both beds; give one of them (or --noise none)",
                de: "--noise und --ambience sind beide ein Klangteppich; gib nur einen an (oder --noise none)")
        case let .tooManyBells(count):
            Phrase(
                "that makes \(count) bells; a session has at most \(SessionPlan.maxBells)",
                de: "das ergäbe \(count) Glocken; eine Sitzung hat höchstens \(SessionPlan.maxBells)")
        default: unsortedPhrase
        }
    }

    /// Both lengths in seconds, each with the reader's decimal mark: "(30 s) … (12 s)", not a
    /// minute's "0.2" beside a number of seconds.
    private static func fadeOutPhrase(seconds: ExactDecimal, minutes: ExactDecimal) -> Phrase {
        let fade = Language.current.decimal("\(seconds)")
        let sit = Language.current.decimal(
            "\(ExactDecimal(numerator: minutes.rounded(times: 60_000), denominator: 1000))")
        return Phrase(
            "--fade-out (\(fade) s) must be at most the sit's length (\(sit) s)",
            de: "--fade-out (\(fade) s) darf höchstens so lang sein wie das Sitzen (\(sit) s)")
    }
}
