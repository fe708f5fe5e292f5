import Foundation
import Localization

/// A session option that cannot make a plan, worded for the command line.
public enum SessionPlanError: LocalizedError, Equatable, PhrasedError {
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
    /// A fade-out asked for this sit that is longer than the sit (a standing one is shortened).
    case fadeOutLongerThanSit(seconds: ExactDecimal, minutes: ExactDecimal)
    /// `--until` beside a length (`--minutes`, `--segments`) asked for this sit.
    case untilWithLength
    /// `--until` a time of day already past today ("HH:MM" as given).
    case untilPassed(String)
    /// `--until` so soon that the countdown and a second's sit do not fit before it.
    case untilTooSoon(String, countdownSeconds: ExactDecimal)

    /// 1.5 → "1.5", 3 → "3".
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The English line (the German one: `phrase`).
    public var errorDescription: String? { phrase.english }

    /// The line in both languages, by what the error is about.
    package var phrase: Phrase {
        switch self {
        case .minutesNotPositive, .minutesTooShort, .minutesTooLong, .countdownNegative, .countdownTooLong,
            .openRender, .emptyTrack, .strikesOutOfRange, .roleStrikesOutOfRange, .volumeOutOfRange,
            .sampleRateOutOfRange, .noiseWithAmbience, .tooManyBells, .fadeOutLongerThanSit, .untilWithLength,
            .untilPassed, .untilTooSoon:
            lengthAndSoundPhrase
        case .intervalNotPositive, .intervalNotShorterThanSession, .bellsWithInterval, .bellOutOfRange, .duplicateBell,
            .intervalTooShort, .bellsTooClose, .randomBellsWithOthers, .randomBellsOutOfRange,
            .randomBellsLongerThanSession, .randomBellsTooClose:
            bellPhrase
        case .segmentOutOfRange, .endsAmongStrikes, .segmentsTooLong, .noSitting, .tooManySegments, .segmentsDisagree,
            .bellsWithSegments, .openWithSegments:
            segmentPhrase
        }
    }

    /// A case that reached a group of phrases not its own (`phrase` sends each to its group):
    /// said as it is, the same in both languages, which the tests of every case's German catch.
    var unsortedPhrase: Phrase { Phrase(String(describing: self), de: String(describing: self)) }

    /// Seconds as the plan says them, with the German decimal comma.
    static func germanSeconds(_ value: Double) -> String { Language.de.decimal(seconds(value)) }
}
