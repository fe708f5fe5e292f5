import Mixer

/// Everything a person chooses about a timed sit, before it is turned into frames.
public struct SessionConfiguration: Sendable, Equatable {
    /// Length of the sit itself, after the countdown.
    public var minutes = ExactDecimal(20)
    public var countdownSeconds = ExactDecimal(15)
    /// A bell every `interval` minutes (nil: none). Replaced by `bells` when those are given.
    public var interval: ExactDecimal?
    /// Where the interval was set when not on the command line ("preset morning", a config
    /// file's line, a variable), for the words of a refusal; nil: the command line.
    public var intervalOrigin: String?
    /// Bells at these minutes after the start gong.
    public var bells: [ExactDecimal] = []
    /// Sitting and walking in turn (`sit 25, walk 10, sit 25`), their sum `minutes`; empty:
    /// one sit of `minutes`.
    public var segments: [SessionSegment] = []
    /// What sounds while walking: by default nothing but the gongs at its ends.
    public var walkSounds = WalkSounds.none
    /// No set end (`--minutes open`): `minutes` is the longest it may last (a day), and it ends
    /// with its completion gong when asked.
    public var openEnded = false
    /// Bells at random moments (replaces `interval` and `bells`).
    public var randomBells: RandomBells?
    /// Where the random bells were set when not on the command line, as `intervalOrigin`.
    public var randomBellsOrigin: String?
    /// Strikes per gong, about 1.5 s apart.
    public var strikes = 1
    /// Strikes of a role that has its own (`--interval-strikes 1`); the others strike `strikes`.
    public var roleStrikes: [GongRole: Int] = [:]
    /// Volume of a role that has its own (`--interval-volume 0.5`); the others play `gongVolume`.
    public var roleVolumes: [GongRole: Float] = [:]
    /// Background bed; nil is true silence.
    public var noise: NoiseColor?
    /// A sound file looped as the bed instead of noise, as the person named it (a path, a
    /// library track); the audio is an `AmbienceLoop` the score is given.
    public var ambience: String?
    /// Volume of the bed, noise or ambience.
    public var noiseVolume: Float = 0.15
    /// Seconds over which the bed falls silent at the sit's end (nil: the usual few seconds), so
    /// that a sit to fall asleep to ends in silence rather than at a gong's step. At most what
    /// the last segment leaves after its bed has risen.
    public var fadeOutSeconds: ExactDecimal?
    public var gongVolume: Float = 1.0
    public var sampleRate = 48_000
    public var seed: UInt64 = 0

    public init() {}

    /// The segments, a plain sit as one.
    public var segmentList: [SessionSegment] {
        segments.isEmpty ? [SessionSegment(kind: .sit, minutes: minutes)] : segments
    }

    /// Whether the session walks as well as sits: then the status says which, and how long.
    public var hasSegments: Bool { segments.count > 1 }

    /// Whether the bells ring in a segment of `kind`: always in a sit, in a walk when asked.
    public func ringsBells(in kind: SegmentKind) -> Bool { kind == .sit || walkSounds.hasBells }

    /// Whether the bed plays in a segment of `kind`: always in a sit, in a walk when asked.
    public func playsBed(in kind: SegmentKind) -> Bool { kind == .sit || walkSounds.hasBed }

    /// The strikes a role's gong sounds: its own, or its fallback's; a boundary without either
    /// strikes two into a walk and one back to sitting, so that the ear tells them apart; any
    /// other gong `strikes`.
    public func strikes(for role: GongRole?) -> Int {
        if let own = role?.value(in: roleStrikes) { return own }
        switch role {
        case .walk: return 2
        case .transition: return 1
        default: return strikes
        }
    }

    public func volume(for role: GongRole?) -> Float { role?.value(in: roleVolumes) ?? gongVolume }

    /// Limits that keep a plan meaningful (and every frame number far from overflow).
    public static let maxMinutes = ExactDecimal(24 * 60)
    public static let maxCountdownSeconds = ExactDecimal(3600)
    public static let strikeRange = 1...10
    public static let sampleRateRange = 8_000...192_000
}
