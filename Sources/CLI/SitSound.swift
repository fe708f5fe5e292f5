import ArgumentParser
import Session
import Settings

/// A sit's sounds with every setting resolved.
struct SitSound {
    var interval: ExactDecimal?
    /// Where the interval was set (for a refusal's words).
    var intervalSource: SettingSource = .builtIn
    var bells: [ExactDecimal]
    var strikes: Int
    var noise: NoiseArgument
    var noiseVolume: Float
    var gong: String
    var gongVolume: Float
    var sampleRate: Int
    var seed: UInt64
    /// Whether this session asks for a sit's sounds (a flag or the preset: standing settings
    /// such as a config's noise do not make a guided track grow a sit).
    var shapesASit: Bool

    /// `configuration` with these sounds (validated when a plan is made of it).
    func apply(to c: inout SessionConfiguration) {
        c.interval = interval
        c.intervalOrigin = interval == nil || intervalSource == .flag ? nil : intervalSource.description
        c.bells = bells
        c.strikes = strikes
        c.noise = noise.color
        c.noiseVolume = noiseVolume
        c.gongVolume = gongVolume
        c.sampleRate = sampleRate
        c.seed = seed
    }
}
