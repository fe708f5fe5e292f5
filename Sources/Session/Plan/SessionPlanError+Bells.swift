import Localization

extension SessionPlanError {
    /// Bells that cannot ring as asked: an interval, a list or random bells.
    var bellPhrase: Phrase {
        switch self {
        case let .intervalNotPositive(i):
            Phrase(
                "--interval must be greater than 0 minutes (got \(i))",
                de: "--interval muss größer als 0 Minuten sein (angegeben: \(i))")
        case let .intervalNotShorterThanSession(i, m, nil):
            Phrase(
                "--interval (\(i) min) must be shorter than the session (\(m) min)",
                de: "--interval (\(i) min) muss kürzer sein als die Sitzung (\(m) min)")
        case let .intervalNotShorterThanSession(i, m, origin?):
            // A standing setting nobody typed this time: say where it is set, and how to sit
            // without it just this once.
            Phrase(
                "interval = \(i) (\(origin)) is not shorter than this \(m)-minute sit; --interval none sits without bells",
                de:
                    "interval = \(i) (\(origin)) ist nicht kürzer als dieses Sitzen von \(m) Minuten; mit --interval none sitzt du ohne Glocken"
            )
        case .bellsWithInterval:
            Phrase(
                "--bells replaces --interval; give one or the other",
                de: "--bells ersetzt --interval; gib das eine oder das andere an")
        case let .bellOutOfRange(b, m):
            Phrase(
                "--bells: \(b) must be after the start gong and before the completion gong (more than 0, less than \(m) minutes)",
                de:
                    "--bells: \(b) muss nach dem Startgong und vor dem Schlussgong liegen (mehr als 0, weniger als \(m) Minuten)"
            )
        case let .duplicateBell(b): Phrase("--bells: \(b) is given twice", de: "--bells: \(b) ist doppelt angegeben")
        case let .intervalTooShort(i, seconds):
            Phrase(
                "--interval \(i) min is shorter than one gong's strikes; bells must be at least \(Self.seconds(seconds)) s apart",
                de:
                    "--interval \(i) min ist kürzer als die Schläge eines Gongs; Glocken müssen mindestens \(Self.germanSeconds(seconds)) s auseinander liegen"
            )
        case let .bellsTooClose(a, b, seconds):
            Phrase(
                "--bells: \(a) and \(b) are closer than one gong's strikes; bells must be at least \(Self.seconds(seconds)) s apart",
                de:
                    "--bells: \(a) und \(b) liegen näher beieinander als die Schläge eines Gongs; Glocken müssen mindestens \(Self.germanSeconds(seconds)) s auseinander liegen"
            )
        default: randomBellPhrase
        }
    }

    /// Random bells that cannot ring as asked.
    private var randomBellPhrase: Phrase {
        switch self {
        case .randomBellsWithOthers:
            Phrase(
                "--random-bells replaces --interval and --bells; give one of them",
                de: "--random-bells ersetzt --interval und --bells; gib nur eines davon an")
        case let .randomBellsOutOfRange(random, minutes):
            Phrase(
                "--random-bells \(random): the gaps must be more than 0 and at most the sit's \(minutes) minutes, the shorter first",
                de:
                    "--random-bells \(random): die Abstände müssen größer als 0 und höchstens die \(minutes) Minuten des Sitzens sein, der kürzere zuerst"
            )
        case let .randomBellsLongerThanSession(random, minutes, origin):
            Phrase(
                "random-bells = \(random) (\(origin)) is longer than this \(minutes)-minute sit; --random-bells none sits without them",
                de:
                    "random-bells = \(random) (\(origin)) ist länger als dieses Sitzen von \(Language.de.decimal(minutes.description)) Minuten; mit --random-bells none sitzt du ohne sie"
            )
        case let .randomBellsTooClose(random, seconds):
            Phrase(
                "--random-bells \(random): the shortest gap is shorter than one gong's strikes; bells must be at least \(Self.seconds(seconds)) s apart",
                de:
                    "--random-bells \(random): der kürzeste Abstand ist kürzer als die Schläge eines Gongs; Glocken müssen mindestens \(Self.germanSeconds(seconds)) s auseinander liegen"
            )
        default: unsortedPhrase
        }
    }
}
