import Session

/// A sit's sounds with every setting resolved.
package struct SitSound: Sendable {
    package var interval: ExactDecimal?
    /// Where the interval was set (for a refusal's words).
    package var intervalSource: SettingSource = .builtIn
    package var bells: [ExactDecimal]
    package var randomBells: RandomBells?
    /// Where the random bells were set (for a refusal's words).
    package var randomBellsSource: SettingSource = .builtIn
    package var walkSounds = WalkSounds.none
    package var strikes: Int
    package var noise: NoiseArgument
    package var noiseVolume: Float
    /// A sound file or library track looped as the bed (then `noise` is none).
    package var ambience: String?
    /// Where the ambience was named (for a refusal's words).
    package var ambienceSource: SettingSource = .builtIn
    /// Seconds of the cross-fade at the ambience's seam.
    package var ambienceCrossfade: Float = Float(AmbienceLoop.defaultCrossfadeMilliseconds) / 1000
    package var gong: String
    /// The roles with a sound of their own (the others sound `gong`).
    package var roleGongs: [GongRole: String] = [:]
    package var gongVolume: Float
    package var roleVolumes: [GongRole: Float] = [:]
    package var roleStrikes: [GongRole: Int] = [:]
    package var sampleRate: Int
    package var seed: UInt64
    /// Whether this session asks for a sit's sounds (a flag or the preset: standing settings
    /// such as a config's noise do not make a guided track grow a sit).
    package var shapesASit: Bool

    /// `configuration` with these sounds (validated when a plan is made of it).
    package func apply(to c: inout SessionConfiguration) {
        c.interval = interval
        c.intervalOrigin = interval == nil || intervalSource == .flag ? nil : intervalSource.description
        c.bells = bells
        c.randomBells = randomBells
        c.randomBellsOrigin = randomBells == nil || randomBellsSource == .flag ? nil : randomBellsSource.description
        c.walkSounds = walkSounds
        c.strikes = strikes
        c.roleStrikes = roleStrikes
        c.roleVolumes = roleVolumes
        c.noise = noise.color
        c.noiseVolume = noiseVolume
        c.ambience = ambience
        c.gongVolume = gongVolume
        c.sampleRate = sampleRate
        c.seed = seed
    }
}
