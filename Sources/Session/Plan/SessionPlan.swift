import Mixer

/// A timed sit as frames of the engine's stream: a pure value, computed once from integers.
///
/// With countdown C s, sit M min, interval I min and rate R, the start gong is at C·R, interval
/// gongs at C·R + round(k·I·60·R) for every k ≥ 1 with k·I < M, and the completion gong at
/// C·R + round(M·60·R). Every event is rounded once from the start, never accumulated.
public struct SessionPlan: Sendable, Equatable {
    public enum GongKind: Sendable, Equatable {
        case start
        /// A bell during the sit, numbered from 1.
        case interval(Int)
        case completion
        /// A bell alone, outside any sit.
        case bell

        /// The role whose sound, volume and strikes this gong has (none for a bell alone).
        public var role: GongRole? {
            switch self {
            case .start: .start
            case .interval: .interval
            case .completion: .end
            case .bell: nil
            }
        }
    }

    /// One gong of the plan; `frame` is where its first strike's first sample lands.
    public struct Gong: Sendable, Equatable {
        public let kind: GongKind
        public let frame: Int
    }

    public let configuration: SessionConfiguration
    public let format: EngineFormat
    /// Start gong: the end of the countdown.
    public let startFrame: Int
    public let completionFrame: Int
    /// Every gong in order: start, bells, completion.
    public let gongs: [Gong]
    /// Whether the bells during the sit come at random moments: a person is not told when.
    public var bellsAreRandom: Bool { configuration.randomBells != nil }
    /// Frames between the strikes of one gong.
    public let strikeSpacingFrames: Int
    /// The noise bed rises over this many frames from the start gong, and falls over as many
    /// frames ending exactly at the completion gong.
    public let noiseFadeFrames: Int

    /// A strike's spacing when `--strikes` asks for more than one.
    public static let strikeSpacingMilliseconds = 1500
    /// The most bells a plan has: one a minute for a day is 1439; this leaves room, and keeps
    /// a render of a day's sit from growing without bound.
    public static let maxBells = 10_000

    /// The longest noise fade; shorter sits get a third of their length.
    public static let noiseFadeMilliseconds = 5000

    public init(_ configuration: SessionConfiguration) throws(SessionPlanError) {
        try Self.validate(configuration)
        self.configuration = configuration
        let rate = configuration.sampleRate
        format = EngineFormat(sampleRate: rate)
        startFrame = configuration.countdownSeconds.rounded(times: rate)
        let framesPerMinute = 60 * rate
        completionFrame = startFrame + configuration.minutes.rounded(times: framesPerMinute)

        let start = startFrame
        var gongs = [Gong(kind: .start, frame: start)]
        let bellFrames: [Int]
        if let random = configuration.randomBells {
            let moments = random.moments(
                seed: configuration.seed, sitMilliseconds: configuration.minutes.rounded(times: 60_000),
                limit: Self.maxBells)
            guard moments.count <= Self.maxBells else { throw .tooManyBells(moments.count) }
            // Each moment rounded once from the start gong.
            bellFrames = moments.map { (Int64($0) * Int64(rate) + 500) / 1000 }.map { start + Int($0) }
        } else {
            let bellMinutes =
                configuration.bells.isEmpty
                ? Self.intervalMinutes(configuration.interval, within: configuration.minutes)
                : configuration.bells.sorted()
            bellFrames = bellMinutes.map { start + $0.rounded(times: framesPerMinute) }
        }
        for (index, frame) in bellFrames.enumerated() {
            gongs.append(Gong(kind: .interval(index + 1), frame: frame))
        }
        gongs.append(Gong(kind: .completion, frame: completionFrame))
        self.gongs = gongs
        strikeSpacingFrames = format.frames(milliseconds: Self.strikeSpacingMilliseconds)
        noiseFadeFrames = min(
            format.frames(milliseconds: Self.noiseFadeMilliseconds),
            (completionFrame - startFrame) / 3)
    }

    /// The frames of every strike of `gong`.
    public func strikeFrames(of gong: Gong) -> [Int] {
        (0..<configuration.strikes(for: gong.kind.role)).map { gong.frame + $0 * strikeSpacingFrames }
    }

    /// Where a render of this plan ends, given the length of the gong sound: when the last
    /// strike of the completion gong has rung out.
    public func endFrame(gongFrames: Int) -> Int {
        completionFrame + (configuration.strikes(for: .end) - 1) * strikeSpacingFrames + gongFrames
    }

    /// k·I for k = 1, 2, … while k·I < M, each an exact product (no accumulated error).
    private static func intervalMinutes(_ interval: ExactDecimal?, within minutes: ExactDecimal) -> [ExactDecimal] {
        guard let interval else { return [] }
        var result: [ExactDecimal] = []
        var k = 1
        while true {
            let multiple = ExactDecimal(numerator: interval.numerator * k, denominator: interval.denominator)
            guard multiple < minutes else { break }
            result.append(multiple)
            k += 1
        }
        return result
    }

    /// Bells no closer than the strikes of one gong (strikes × 1.5 s), and at most `maxBells`:
    /// an interval of a microsecond would otherwise ask for billions of voices.
    private static func validateSpacing(_ c: SessionConfiguration) throws(SessionPlanError) {
        // The bells' own strikes, or the start's and end's when they have more: a bell ends
        // before the next gong begins.
        let strikes = GongRole.allCases.map { c.strikes(for: $0) }.max() ?? c.strikes
        let minimumMilliseconds = strikes * strikeSpacingMilliseconds
        let minimumSeconds = Double(minimumMilliseconds) / 1000
        if let interval = c.interval {
            let intervalMilliseconds = interval.rounded(times: 60_000)
            guard intervalMilliseconds >= minimumMilliseconds else {
                throw .intervalTooShort(interval, minimumSeconds: minimumSeconds)
            }
            let count = (c.minutes.rounded(times: 60_000) - 1) / intervalMilliseconds
            guard count <= maxBells else { throw .tooManyBells(count) }
        }
        guard c.bells.count <= maxBells else { throw .tooManyBells(c.bells.count) }
        if let random = c.randomBells, random.shortest.rounded(times: 60_000) < minimumMilliseconds {
            throw .randomBellsTooClose(random, minimumSeconds: minimumSeconds)
        }
        let sorted = c.bells.sorted()
        for (earlier, later) in zip(sorted, sorted.dropFirst())
        where later.rounded(times: 60_000) - earlier.rounded(times: 60_000) < minimumMilliseconds {
            throw .bellsTooClose(earlier, later, minimumSeconds: minimumSeconds)
        }
    }

    private static func validate(_ c: SessionConfiguration) throws(SessionPlanError) {
        guard c.minutes.isPositive else { throw .minutesNotPositive(c.minutes) }
        guard c.minutes <= SessionConfiguration.maxMinutes else { throw .minutesTooLong(c.minutes) }
        guard !c.countdownSeconds.isNegative else { throw .countdownNegative(c.countdownSeconds) }
        guard c.countdownSeconds <= SessionConfiguration.maxCountdownSeconds else {
            throw .countdownTooLong(c.countdownSeconds)
        }
        if let interval = c.interval {
            guard c.bells.isEmpty else { throw .bellsWithInterval }
            guard interval.isPositive else { throw .intervalNotPositive(interval) }
            guard interval < c.minutes else {
                throw .intervalNotShorterThanSession(interval: interval, minutes: c.minutes, origin: c.intervalOrigin)
            }
        }
        if let random = c.randomBells {
            guard c.interval == nil, c.bells.isEmpty else { throw .randomBellsWithOthers }
            guard random.shortest.isPositive, random.shortest <= random.longest, random.longest <= c.minutes else {
                throw .randomBellsOutOfRange(random, minutes: c.minutes)
            }
        }
        var seen = Set<ExactDecimal>()
        for bell in c.bells {
            guard bell.isPositive, bell < c.minutes else { throw .bellOutOfRange(bell, minutes: c.minutes) }
            guard seen.insert(bell).inserted else { throw .duplicateBell(bell) }
        }
        guard SessionConfiguration.strikeRange.contains(c.strikes) else { throw .strikesOutOfRange(c.strikes) }
        for (role, strikes) in c.roleStrikes.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where !SessionConfiguration.strikeRange.contains(strikes) {
            throw .roleStrikesOutOfRange(role, strikes)
        }
        for (role, volume) in c.roleVolumes.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where !(0...1).contains(volume) {
            throw .volumeOutOfRange(name: "\(role.rawValue)-volume", value: volume)
        }
        try validateSpacing(c)
        guard (0...1).contains(c.noiseVolume) else {
            throw .volumeOutOfRange(name: "noise-volume", value: c.noiseVolume)
        }
        guard (0...1).contains(c.gongVolume) else { throw .volumeOutOfRange(name: "gong-volume", value: c.gongVolume) }
        guard SessionConfiguration.sampleRateRange.contains(c.sampleRate) else {
            throw .sampleRateOutOfRange(c.sampleRate)
        }
    }
}
