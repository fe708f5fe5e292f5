import Mixer

/// A timed sit as frames of the engine's stream: a pure value, computed once from integers.
///
/// With countdown C s, sit M min, interval I min and rate R, the start gong is at C·R, interval
/// gongs at C·R + round(k·I·60·R) for every k ≥ 1 with k·I < M, and the completion gong at
/// C·R + round(M·60·R). Every event is rounded once from the start, never accumulated.
///
/// A session of segments (sit 25, walk 10, sit 25) has a transition gong at each boundary,
/// rounded once from the start like every bell; the bells and the bed belong to its sits.
public struct SessionPlan: Sendable, Equatable {
    public enum GongKind: Sendable, Equatable {
        case start
        /// A bell during the sit, numbered from 1.
        case interval(Int)
        case completion
        /// The boundary into segment `index` (from 1), of `kind`.
        case transition(Int, to: SegmentKind)
        /// A bell alone, outside any sit.
        case bell

        /// The role whose sound, volume and strikes this gong has (none for a bell alone).
        public var role: GongRole? {
            switch self {
            case .start: .start
            case .interval: .interval
            case .completion: .end
            case .transition(_, to: .walk): .walk
            case .transition: .transition
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
    /// An open-ended sit's is a day after the start, until it is asked to end (`ending(atFrame:)`).
    public private(set) var completionFrame: Int
    /// Every gong in order: start, bells and transitions, completion.
    public private(set) var gongs: [Gong]
    /// The segments, in order; a plain sit is one sit segment.
    public private(set) var segments: [PlannedSegment]
    /// An open-ended sit not yet asked to end: its time counts up, and its completion gong waits.
    public private(set) var isOpen: Bool
    /// Whether the bells during the sit come at random moments: a person is not told when.
    public var bellsAreRandom: Bool { configuration.randomBells != nil }

    /// The random bells asked for when no draw can ring one, else nil: each comes at least the
    /// shortest gap after its segment's start and none in the last minute, and no segment that
    /// rings bells is long enough for both (a 1-minute sit with bells 1-2 minutes apart).
    public var unringableBells: RandomBells? {
        let c = configuration
        guard let random = c.randomBells, !c.openEnded else { return nil }
        let lengths = c.segmentList.filter { c.ringsBells(in: $0.kind) }.map { $0.minutes.rounded(times: 60_000) }
        let none = lengths.allSatisfy { random.shortest.rounded(times: 60_000) > $0 - RandomBells.quietEndMilliseconds }
        return none ? random : nil
    }
    /// Frames between the strikes of one gong.
    public let strikeSpacingFrames: Int
    /// The noise bed rises over this many frames from the start gong, and falls over as many
    /// frames ending exactly at the completion gong.
    public let noiseFadeFrames: Int

    /// A strike's spacing when `--strikes` asks for more than one.
    public static let strikeSpacingMilliseconds = 1500
    /// The shortest sit, or segment: the history counts whole seconds.
    public static let shortestMilliseconds = 1000
    /// The most bells a plan has: one a minute for a day is 1439; this leaves room, and keeps
    /// a render of a day's sit from growing without bound.
    public static let maxBells = 10_000

    /// The longest noise fade; shorter sits get a third of their length.
    public static let noiseFadeMilliseconds = 5000

    public init(_ configuration: SessionConfiguration) throws(SessionPlanError) {
        try Self.validate(configuration)
        self.configuration = configuration
        let rate = configuration.sampleRate
        let engineFormat = EngineFormat(sampleRate: rate)
        format = engineFormat
        startFrame = configuration.countdownSeconds.rounded(times: rate)
        let framesPerMinute = 60 * rate
        completionFrame = startFrame + configuration.minutes.rounded(times: framesPerMinute)

        let start = startFrame
        var gongs = [Gong(kind: .start, frame: start)]
        var segments: [PlannedSegment] = []
        var offset = ExactDecimal(0)
        var bellCount = 0
        for (index, segment) in configuration.segmentList.enumerated() {
            // Validated: the sum is at most a day.
            let end = offset.adding(segment.minutes) ?? configuration.minutes
            let first = start + offset.rounded(times: framesPerMinute)
            let last = start + end.rounded(times: framesPerMinute)
            if index > 0 { gongs.append(Gong(kind: .transition(index, to: segment.kind), frame: first)) }
            if configuration.ringsBells(in: segment.kind) {
                for frame in try Self.bellFrames(
                    configuration, segment: segment, index: index, offset: offset, start: start, rate: rate)
                {
                    // An open-ended sit rings the first `maxBells` of a day's bells (at 3-s bells,
                    // eight hours of them); a sit of set length with more is refused.
                    guard bellCount < Self.maxBells else {
                        if configuration.openEnded { break }
                        throw .tooManyBells(bellCount + 1)
                    }
                    bellCount += 1
                    gongs.append(Gong(kind: .interval(bellCount), frame: frame))
                }
            }
            let fade = min(engineFormat.frames(milliseconds: Self.noiseFadeMilliseconds), (last - first) / 3)
            let isLast = index == configuration.segmentList.count - 1
            let fadeOut = configuration.fadeOutSeconds.flatMap { isLast ? $0.rounded(times: rate) : nil } ?? fade
            segments.append(
                PlannedSegment(
                    kind: segment.kind, index: index, startFrame: first, endFrame: last, fadeFrames: fade,
                    fadeOutFrames: max(0, min(fadeOut, last - first - fade))))
            offset = end
        }
        self.segments = segments
        gongs.append(Gong(kind: .completion, frame: completionFrame))
        self.gongs = gongs
        isOpen = configuration.openEnded
        strikeSpacingFrames = format.frames(milliseconds: Self.strikeSpacingMilliseconds)
        noiseFadeFrames = min(
            format.frames(milliseconds: Self.noiseFadeMilliseconds),
            (completionFrame - startFrame) / 3)
    }

    /// The same sit ending at sit frame `frame` (an open-ended sit asked to end): its completion
    /// gong there, the bells after it gone, its last segment cut short.
    public func ending(atFrame frame: Int) -> SessionPlan {
        var plan = self
        let end = min(max(frame, startFrame), completionFrame)
        plan.completionFrame = end
        plan.gongs = gongs.filter { $0.frame < end && $0.kind != .completion } + [Gong(kind: .completion, frame: end)]
        plan.segments = segments.filter { $0.startFrame < end }.map { segment in
            guard segment.endFrame > end else { return segment }
            let fade = min(segment.fadeFrames, (end - segment.startFrame) / 3)
            return PlannedSegment(
                kind: segment.kind, index: segment.index, startFrame: segment.startFrame, endFrame: end,
                fadeFrames: fade, fadeOutFrames: fade)
        }
        plan.isOpen = false
        return plan
    }

    /// The frames of every strike of `gong`.
    public func strikeFrames(of gong: Gong) -> [Int] {
        (0..<strikes(of: gong.kind)).map { gong.frame + $0 * strikeSpacingFrames }
    }

    /// A gong's strikes: its role's; a transition, unless given its own, two into a walk and one
    /// back to sitting, so that the ear tells them apart.
    public func strikes(of kind: GongKind) -> Int { configuration.strikes(for: kind.role) }

    /// The bells of one sit segment, at session frames: at random, at given minutes (a plain sit
    /// only), or every interval; each rounded once from the start gong.
    private static func bellFrames(
        _ c: SessionConfiguration, segment: SessionSegment, index: Int, offset: ExactDecimal, start: Int, rate: Int
    ) throws(SessionPlanError) -> [Int] {
        let framesPerMinute = 60 * rate
        if let random = c.randomBells {
            // Each segment draws its own moments; the first, from the seed itself.
            let moments = random.moments(
                seed: c.seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15),
                sitMilliseconds: segment.minutes.rounded(times: 60_000), limit: maxBells)
            guard moments.count <= maxBells || c.openEnded else { throw .tooManyBells(moments.count) }
            let offsetMilliseconds = Int64(offset.rounded(times: 60_000))
            return moments.map { start + Int(((offsetMilliseconds + Int64($0)) * Int64(rate) + 500) / 1000) }
        }
        if !c.bells.isEmpty { return c.bells.sorted().map { start + $0.rounded(times: framesPerMinute) } }
        return intervalMinutes(c.interval, within: segment.minutes).compactMap { minute in
            offset.adding(minute).map { start + $0.rounded(times: framesPerMinute) }
        }
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
        // The bells' own strikes, or another gong's when it has more (the start's, the end's; with
        // segments, a boundary's, two into a walk unless told): a bell ends before the next gong
        // begins. A plain sit has no boundary, whatever strikes config.toml gives one.
        let roles: [GongRole] = c.hasSegments ? GongRole.allCases : [.start, .interval, .end]
        let strikes = roles.map { c.strikes(for: $0) }.max() ?? c.strikes
        let minimumMilliseconds = strikes * strikeSpacingMilliseconds
        let minimumSeconds = Double(minimumMilliseconds) / 1000
        if let interval = c.interval {
            let intervalMilliseconds = interval.rounded(times: 60_000)
            guard intervalMilliseconds >= minimumMilliseconds else {
                throw .intervalTooShort(interval, minimumSeconds: minimumSeconds)
            }
            let count = (c.minutes.rounded(times: 60_000) - 1) / intervalMilliseconds
            guard count <= maxBells || c.openEnded else { throw .tooManyBells(count) }
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

    /// Each segment more than nothing, at most `SessionSegment.maxCount` of them, their sum the
    /// session's length; `--bells` (minutes of one sit) does not mix with them.
    private static func validateSegments(_ c: SessionConfiguration) throws(SessionPlanError) {
        guard !c.segments.isEmpty else { return }
        let sum = try length(of: c.segments)
        guard sum == c.minutes else { throw .segmentsDisagree(segments: sum, minutes: c.minutes) }
        guard c.bells.isEmpty else { throw .bellsWithSegments }
    }

    /// The sum of `segments`, each more than nothing and at most `SessionSegment.maxCount` of
    /// them, their sum a day at most: what a plan takes, and what a history note's segments are
    /// checked against before they are asked for again.
    public static func length(of segments: [SessionSegment]) throws(SessionPlanError) -> ExactDecimal {
        guard segments.count <= SessionSegment.maxCount else { throw .tooManySegments(segments.count) }
        // "walk 10" played as a sit of 0 s sat, and "walk 0.1, walk 0.1" told of a change from a
        // walk to a walk.
        guard segments.isEmpty || segments.contains(where: { $0.kind == .sit }) else { throw .noSitting }
        var sum = ExactDecimal(0)
        for segment in segments {
            guard segment.minutes.rounded(times: 60_000) >= shortestMilliseconds,
                segment.minutes <= SessionConfiguration.maxMinutes
            else {
                throw .segmentOutOfRange(segment)
            }
            guard let next = sum.adding(segment.minutes), next <= SessionConfiguration.maxMinutes else {
                throw .segmentsTooLong(segments.reduce(ExactDecimal(0)) { $0.adding($1.minutes) ?? $0 })
            }
            sum = next
        }
        return sum
    }

    /// A sit, or each segment, lasts longer than the strikes of the gong that opens it (the
    /// start's; into a walk, the walk's; back to sitting, the transition's): the next gong, or
    /// the end, would otherwise sound among them.
    private static func validateStrikesFit(_ c: SessionConfiguration) throws(SessionPlanError) {
        guard !c.openEnded else { return }
        var previous: SessionSegment?
        for segment in c.segmentList {
            let role: GongRole = previous == nil ? .start : segment.kind == .walk ? .walk : .transition
            let strikes = c.strikes(for: role)
            let needed = (strikes - 1) * strikeSpacingMilliseconds
            guard segment.minutes.rounded(times: 60_000) > needed else {
                throw .endsAmongStrikes(
                    segment: c.hasSegments ? segment : nil, minutes: segment.minutes, role: role, strikes: strikes,
                    seconds: Double(needed) / 1000)
            }
            previous = segment
        }
    }

    private static func validate(_ c: SessionConfiguration) throws(SessionPlanError) {
        guard !c.openEnded || c.segments.isEmpty else { throw .openWithSegments }
        // Segments first: their sum is the session's length, and a segment of -1 minutes is the
        // segment's fault, not a --minutes nobody typed.
        try validateSegments(c)
        guard c.minutes.isPositive else { throw .minutesNotPositive(c.minutes) }
        // `--minutes 0.0001` played its two gongs 6 ms apart and was recorded as 0 s planned.
        guard c.minutes.rounded(times: 60_000) >= shortestMilliseconds else { throw .minutesTooShort(c.minutes) }
        guard c.minutes <= SessionConfiguration.maxMinutes else { throw .minutesTooLong(c.minutes) }
        guard !c.countdownSeconds.isNegative else { throw .countdownNegative(c.countdownSeconds) }
        guard c.countdownSeconds <= SessionConfiguration.maxCountdownSeconds else {
            throw .countdownTooLong(c.countdownSeconds)
        }
        if let interval = c.interval {
            guard c.bells.isEmpty else { throw .bellsWithInterval }
            guard interval.isPositive else { throw .intervalNotPositive(interval) }
            // With segments, shorter than the longest sit (or walk, when it rings them): a bell
            // comes in some segment.
            let longest = c.segmentList.filter { c.ringsBells(in: $0.kind) }.map(\.minutes).max() ?? c.minutes
            guard interval < longest else {
                throw .intervalNotShorterThanSession(interval: interval, minutes: longest, origin: c.intervalOrigin)
            }
        }
        if let random = c.randomBells {
            guard c.interval == nil, c.bells.isEmpty else { throw .randomBellsWithOthers }
            guard random.shortest.isPositive, random.shortest <= random.longest, random.longest <= c.minutes else {
                if let origin = c.randomBellsOrigin, random.shortest.isPositive, random.shortest <= random.longest {
                    throw .randomBellsLongerThanSession(random, minutes: c.minutes, origin: origin)
                }
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
        try validateStrikesFit(c)
        guard c.noise == nil || c.ambience == nil else { throw .noiseWithAmbience }
        guard (0...1).contains(c.noiseVolume) else {
            throw .volumeOutOfRange(name: "noise-volume", value: c.noiseVolume)
        }
        guard (0...1).contains(c.gongVolume) else { throw .volumeOutOfRange(name: "gong-volume", value: c.gongVolume) }
        guard SessionConfiguration.sampleRateRange.contains(c.sampleRate) else {
            throw .sampleRateOutOfRange(c.sampleRate)
        }
    }
}
