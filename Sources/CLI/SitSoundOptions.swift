import ArgumentParser
import Session
import Settings

/// What a timed sit sounds like: its bells, gong and noise bed. Shared by the timer, `render`
/// and the sit `play --then` opens after a guided track. Each option is a setting of the same
/// name (`SettingKeys.sitSound`), whose declaration gives its help; one not given comes from the
/// preset, `MEDITATE_*`, config.toml or its default (see `Settings`).
struct SitSoundOptions: ParsableArguments {
    private typealias K = SettingKeys

    @Option(help: .setting(K.walkSounds)) var walkSounds: WalkSounds?
    @Option(help: .setting(K.interval)) var interval: ClearableOption<ExactDecimal>?
    @Option(help: .setting(K.bells)) var bells: ClearableOption<BellList>?
    @Option(help: .setting(K.randomBells), transform: ClearableOption<RandomBells>.explained)
    var randomBells: ClearableOption<RandomBells>?
    @Option(help: .setting(K.strikes)) var strikes: Int?
    @Option(help: .setting(K.noise)) var noise: NoiseArgument?
    @Option(help: .setting(K.noiseVolume)) var noiseVolume: Float?
    @Option(help: .setting(K.ambience)) var ambience: ClearableOption<String>?
    @Option(help: .setting(K.ambienceCrossfade)) var ambienceCrossfade: Float?
    @Option(help: .setting(K.fadeOut)) var fadeOut: ClearableOption<ExactDecimal>?
    @Option(help: .setting(K.gong)) var gong: String?
    @Option(help: .setting(K.gongVolume)) var gongVolume: Float?
    @Option(help: .setting(K.sampleRate)) var sampleRate: Int?
    @Option(help: .setting(K.seed)) var seed: ClearableOption<UInt64>?

    @OptionGroup var roles: GongRoleOptions

    /// The sounds asked for, as a client would ask for them.
    var request: SitSoundRequest {
        var request = roles.request
        request[K.walkSounds] = walkSounds
        request[K.interval] = interval
        request[K.bells] = bells
        request[K.randomBells] = randomBells
        request[K.strikes] = strikes
        request[K.noise] = noise
        request[K.noiseVolume] = noiseVolume
        request[K.ambience] = ambience
        request[K.ambienceCrossfade] = ambienceCrossfade
        request[K.fadeOut] = fadeOut
        request[K.gong] = gong
        request[K.gongVolume] = gongVolume
        request[K.sampleRate] = sampleRate
        request[K.seed] = seed
        return request
    }
}
