import Foundation

/// A session option that cannot make a plan, worded for the command line.
public enum SessionPlanError: LocalizedError, Equatable {
    case minutesNotPositive(ExactDecimal)
    /// More than nothing, but less than the second the history counts a sit in.
    case minutesTooShort(ExactDecimal)
    case minutesTooLong(ExactDecimal)
    case countdownNegative(ExactDecimal)
    case countdownTooLong(ExactDecimal)
    case intervalNotPositive(ExactDecimal)
    /// `origin`: where the interval was set, when not on the command line.
    case intervalNotShorterThanSession(interval: ExactDecimal, minutes: ExactDecimal, origin: String?)
    case bellsWithInterval
    case bellOutOfRange(ExactDecimal, minutes: ExactDecimal)
    case duplicateBell(ExactDecimal)
    case strikesOutOfRange(Int)
    case roleStrikesOutOfRange(GongRole, Int)
    case volumeOutOfRange(name: String, value: Float)
    case sampleRateOutOfRange(Int)
    /// Bells closer than the strikes of one gong take.
    case intervalTooShort(ExactDecimal, minimumSeconds: Double)
    case bellsTooClose(ExactDecimal, ExactDecimal, minimumSeconds: Double)
    case tooManyBells(Int)
    case randomBellsWithOthers
    /// A noise colour and an ambience asked for with the same weight (both on the command line).
    case noiseWithAmbience
    case segmentOutOfRange(SessionSegment)
    /// A sit (`segment` nil: the whole of it) or a segment that ends before the strikes of the
    /// gong that opens it (`role`'s) have sounded: the next gong would sound among them.
    case endsAmongStrikes(
        segment: SessionSegment?, minutes: ExactDecimal, role: GongRole, strikes: Int, seconds: Double)
    /// Segments that add up to more than a session may last.
    case segmentsTooLong(ExactDecimal)
    /// Segments that are all walks: nothing to sit, record or show as sitting.
    case noSitting
    case tooManySegments(Int)
    case segmentsDisagree(segments: ExactDecimal, minutes: ExactDecimal)
    case bellsWithSegments
    case openWithSegments
    /// An open-ended sit rendered to a file, which needs a length.
    case openRender
    case randomBellsOutOfRange(RandomBells, minutes: ExactDecimal)
    /// Standing random bells (config.toml, a preset, a variable) whose longest gap a sit this
    /// short cannot hold: said with where they are set, as a standing interval is.
    case randomBellsLongerThanSession(RandomBells, minutes: ExactDecimal, origin: String)
    case randomBellsTooClose(RandomBells, minimumSeconds: Double)
    /// A guided track with no frames to play.
    case emptyTrack

    /// 1.5 → "1.5", 3 → "3".
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    public var errorDescription: String? {
        switch self {
        case let .minutesNotPositive(m):
            return "--minutes must be greater than 0 (got \(m))"
        case let .minutesTooShort(m):
            return "--minutes \(m) is less than a second; a sit lasts at least 1 s"
        case let .minutesTooLong(m):
            return "--minutes must be at most \(SessionConfiguration.maxMinutes) (24 hours), got \(m)"
        case let .countdownNegative(c):
            return "--countdown must be 0 or more seconds (got \(c))"
        case let .countdownTooLong(c):
            return "--countdown must be at most \(SessionConfiguration.maxCountdownSeconds) seconds (got \(c))"
        case let .intervalNotPositive(i):
            return "--interval must be greater than 0 minutes (got \(i))"
        case let .intervalNotShorterThanSession(i, m, nil):
            return "--interval (\(i) min) must be shorter than the session (\(m) min)"
        case let .intervalNotShorterThanSession(i, m, origin?):
            // A standing setting nobody typed this time: say where it is set, and how to sit
            // without it just this once.
            return
                "interval = \(i) (\(origin)) is not shorter than this \(m)-minute sit; --interval none sits without bells"
        case .bellsWithInterval:
            return "--bells replaces --interval; give one or the other"
        case let .bellOutOfRange(b, m):
            return
                "--bells: \(b) must be after the start gong and before the completion gong (more than 0, less than \(m) minutes)"
        case let .duplicateBell(b):
            return "--bells: \(b) is given twice"
        case let .strikesOutOfRange(n):
            return
                "--strikes must be between \(SessionConfiguration.strikeRange.lowerBound) and \(SessionConfiguration.strikeRange.upperBound) (got \(n))"
        case let .roleStrikesOutOfRange(role, n):
            return
                "--\(role.rawValue)-strikes must be between \(SessionConfiguration.strikeRange.lowerBound) and \(SessionConfiguration.strikeRange.upperBound) (got \(n))"
        case let .volumeOutOfRange(name, value):
            return "--\(name) must be between 0 and 1 (got \(value))"
        case let .sampleRateOutOfRange(rate):
            return
                "--sample-rate must be between \(SessionConfiguration.sampleRateRange.lowerBound) and \(SessionConfiguration.sampleRateRange.upperBound) Hz (got \(rate))"
        case .emptyTrack:
            return "the guided track holds no audio"
        case let .intervalTooShort(i, seconds):
            return
                "--interval \(i) min is shorter than one gong's strikes; bells must be at least \(Self.seconds(seconds)) s apart"
        case let .bellsTooClose(a, b, seconds):
            return
                "--bells: \(a) and \(b) are closer than one gong's strikes; bells must be at least \(Self.seconds(seconds)) s apart"
        case let .tooManyBells(count):
            return "that makes \(count) bells; a session has at most \(SessionPlan.maxBells)"
        case let .segmentOutOfRange(segment):
            return
                "--segments: '\(segment)' must last at least 1 s and at most \(SessionConfiguration.maxMinutes) minutes"
        case let .endsAmongStrikes(nil, minutes, _, strikes, seconds):
            return
                "--minutes \(minutes): the sit ends before the start gong's \(strikes) strikes have sounded; it must last more than \(Self.seconds(seconds)) s"
        case let .endsAmongStrikes(segment?, _, role, strikes, seconds):
            return
                "--segments: '\(segment)' ends before its gong's \(strikes) strikes have sounded (--\(role.rawValue)-strikes); it must last more than \(Self.seconds(seconds)) s"
        case .noSitting:
            return "--segments: none of them is a sit; a session sits at least once, e.g. \"sit 20, walk 5, sit 20\""
        case let .segmentsTooLong(sum):
            return
                "--segments add up to \(sum) minutes; a session lasts at most \(SessionConfiguration.maxMinutes) (24 hours)"
        case let .tooManySegments(count):
            return "--segments: \(count) segments; a session has at most \(SessionSegment.maxCount)"
        case let .segmentsDisagree(segments, minutes):
            return "--segments add up to \(segments) minutes, --minutes says \(minutes); give one or the other"
        case .openWithSegments:
            return "--minutes open has no end to share out; --segments sets the length"
        case .openRender:
            return "a render needs a length: --minutes open has none (give --minutes N)"
        case .bellsWithSegments:
            return "--bells are minutes of one sit; with --segments, give --interval or --random-bells"
        case .noiseWithAmbience:
            return "--noise and --ambience are both beds; give one of them (or --noise none)"
        case .randomBellsWithOthers:
            return "--random-bells replaces --interval and --bells; give one of them"
        case let .randomBellsOutOfRange(random, minutes):
            return
                "--random-bells \(random): the gaps must be more than 0 and at most the sit's \(minutes) minutes, the shorter first"
        case let .randomBellsLongerThanSession(random, minutes, origin):
            return
                "random-bells = \(random) (\(origin)) is longer than this \(minutes)-minute sit; --random-bells none sits without them"
        case let .randomBellsTooClose(random, seconds):
            return
                "--random-bells \(random): the shortest gap is shorter than one gong's strikes; bells must be at least \(Self.seconds(seconds)) s apart"
        }
    }
}
