import Localization

extension SessionPlanError {
    /// Sits and walks (`--segments`) that cannot make a session.
    var segmentPhrase: Phrase {
        typealias C = SessionConfiguration
        return switch self {
        case let .segmentOutOfRange(segment):
            Phrase(
                "--segments: '\(segment)' must last at least 1 s and at most \(C.maxMinutes) minutes",
                de: "--segments: '\(segment)' muss mindestens 1 s und höchstens \(C.maxMinutes) Minuten dauern")
        case let .endsAmongStrikes(nil, minutes, _, strikes, seconds):
            Phrase(
                "--minutes \(minutes): the sit ends before the start gong's \(strikes) strikes have sounded; it must last more than \(Self.seconds(seconds)) s",
                de:
                    "--minutes \(minutes): das Sitzen endet, bevor die \(strikes) Schläge des Anfangsgongs erklungen sind; es muss länger als \(Self.germanSeconds(seconds)) s dauern"
            )
        case let .endsAmongStrikes(segment?, _, role, strikes, seconds):
            Phrase(
                "--segments: '\(segment)' ends before its gong's \(strikes) strikes have sounded (--\(role.rawValue)-strikes); it must last more than \(Self.seconds(seconds)) s",
                de:
                    "--segments: '\(segment)' endet, bevor die \(strikes) Schläge seines Gongs erklungen sind (--\(role.rawValue)-strikes); er muss länger als \(Self.germanSeconds(seconds)) s dauern"
            )
        case .noSitting:
            Phrase(
                "--segments: none of them is a sit; a session sits at least once, e.g. \"sit 20, walk 5, sit 20\"",
                de:
                    "--segments: keiner davon ist ein Sitzen; eine Sitzung sitzt mindestens einmal, z. B. \"sit 20, walk 5, sit 20\""
            )
        case let .segmentsTooLong(sum):
            Phrase(
                "--segments add up to \(sum) minutes; a session lasts at most \(C.maxMinutes) (24 hours)",
                de: "--segments ergeben \(sum) Minuten; eine Sitzung dauert höchstens \(C.maxMinutes) (24 Stunden)")
        case let .tooManySegments(count):
            Phrase(
                "--segments: \(count) segments; a session has at most \(SessionSegment.maxCount)",
                de: "--segments: \(count) Abschnitte; eine Sitzung hat höchstens \(SessionSegment.maxCount)")
        case let .segmentsDisagree(segments, minutes):
            Phrase(
                "--segments add up to \(segments) minutes, --minutes says \(minutes); give one or the other",
                de: "--segments ergeben \(segments) Minuten, --minutes sagt \(minutes); gib das eine oder das andere an"
            )
        case .bellsWithSegments:
            Phrase(
                "--bells are minutes of one sit; with --segments, give --interval or --random-bells",
                de: "--bells sind Minuten eines einzigen Sitzens; mit --segments gib --interval oder --random-bells an")
        case .openWithSegments:
            Phrase(
                "--minutes open has no end to share out; --segments sets the length",
                de: "--minutes open hat kein Ende zum Aufteilen; --segments bestimmt die Dauer")
        default: unsortedPhrase
        }
    }
}
