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
    /// Seconds over which the bed falls silent at the end (nil: the usual fade).
    package var fadeOut: ExactDecimal?
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

    /// The ambience, as its loop is made (nil: the sit has none).
    package var ambienceRequest: AmbienceRequest? {
        ambience.map {
            AmbienceRequest(name: $0, source: ambienceSource, volume: noiseVolume, crossfadeSeconds: ambienceCrossfade)
        }
    }

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
        c.fadeOutSeconds = fadeOut
        c.ambience = ambience
        c.gongVolume = gongVolume
        c.sampleRate = sampleRate
        c.seed = seed
    }
}

extension SitSound {
    /// The sounds asked for, each value not given taken from the settings.
    package init(_ request: SitSoundRequest, settings: Settings) {
        typealias K = SettingKeys
        var interval = settings.resolve(K.interval, flag: request[K.interval])
        var bells = settings.resolve(K.bells, flag: request[K.bells])
        var random = settings.resolve(K.randomBells, flag: request[K.randomBells])
        var noise = settings.resolve(K.noise, flag: request[K.noise])
        var ambience = settings.resolve(K.ambience, flag: request[K.ambience])
        // One bed: the one asked for more strongly (an ambience flag over a config's noise); given
        // side by side, the plan says they conflict.
        if ambience.value != nil && noise.value != .none {
            if noise.source.strength > ambience.source.strength { ambience = (nil, .builtIn) }
            if ambience.source.strength > noise.source.strength { noise = (.none, .builtIn) }
        }
        // Bells this session asks for (a flag or the preset; not its `none`).
        let asksForBells =
            interval.value != nil && interval.source.isChosenForThisSession
            || bells.value != nil && bells.source.isChosenForThisSession
            || random.value != nil && random.source.isChosenForThisSession
        // --bells and --random-bells replace --interval: the one asked for most strongly wins (a
        // preset's bells over the config's interval); given side by side, the plan says they
        // conflict.
        let strongest = [
            interval.value.map { _ in interval.source.strength }, bells.value.map { _ in bells.source.strength },
            random.value.map { _ in random.source.strength }
        ].compactMap { $0 }.max()
        if let strongest {
            if interval.source.strength < strongest { interval = (nil, .builtIn) }
            if bells.source.strength < strongest { bells = (nil, .builtIn) }
            if random.source.strength < strongest { random = (nil, .builtIn) }
        }
        let gong = settings.resolve(K.gong, flag: request[K.gong])
        let gongVolume = settings.resolve(K.gongVolume, flag: request[K.gongVolume])
        let strikes = settings.resolve(K.strikes, flag: request[K.strikes])
        var roleGongs: [GongRole: String] = [:]
        var roleVolumes: [GongRole: Float] = [:]
        var roleStrikes: [GongRole: Int] = [:]
        // A role's own value counts unless the general one was asked for more strongly:
        // `--gong bell` sets every role, over a config's `interval-gong`. A role with a fallback
        // (the walk's, the transition's) yields to that one asked for more strongly too:
        // `--transition-strikes 3` sets both boundaries, over a config's `walk-strikes`.
        var kept: [GongRole: (gong: Int, volume: Int, strikes: Int)] = [:]
        for role in GongRole.allCases {
            let above = role.fallback.flatMap { kept[$0] } ?? (0, 0, 0)
            var strengths = (gong: 0, volume: 0, strikes: 0)
            let ownGong = settings.resolve(K.gong(for: role), flag: request[K.gong(for: role)])
            if let value = ownGong.value, ownGong.source.strength >= max(gong.source.strength, above.gong) {
                roleGongs[role] = value
                strengths.gong = ownGong.source.strength
            }
            let ownVolume = settings.resolve(K.volume(for: role), flag: request[K.volume(for: role)])
            if let value = ownVolume.value, ownVolume.source.strength >= max(gongVolume.source.strength, above.volume) {
                roleVolumes[role] = value
                strengths.volume = ownVolume.source.strength
            }
            let ownStrikes = settings.resolve(K.strikes(for: role), flag: request[K.strikes(for: role)])
            if let value = ownStrikes.value, ownStrikes.source.strength >= max(strikes.source.strength, above.strikes) {
                roleStrikes[role] = value
                strengths.strikes = ownStrikes.source.strength
            }
            kept[role] = strengths
        }
        self.init(
            interval: interval.value, intervalSource: interval.source, bells: bells.value?.minutes ?? [],
            randomBells: random.value, randomBellsSource: random.source,
            walkSounds: settings.value(K.walkSounds, flag: request[K.walkSounds]),
            strikes: strikes.value,
            noise: noise.value,
            noiseVolume: settings.value(K.noiseVolume, flag: request[K.noiseVolume]),
            ambience: ambience.value, ambienceSource: ambience.source,
            ambienceCrossfade: settings.value(K.ambienceCrossfade, flag: request[K.ambienceCrossfade]),
            fadeOut: settings.resolve(K.fadeOut, flag: request[K.fadeOut]).value,
            gong: gong.value, roleGongs: roleGongs,
            gongVolume: gongVolume.value, roleVolumes: roleVolumes, roleStrikes: roleStrikes,
            sampleRate: settings.value(K.sampleRate, flag: request[K.sampleRate]),
            seed: settings.resolve(K.seed, flag: request[K.seed]).value ?? UInt64.random(in: .min ... .max),
            shapesASit: asksForBells || noise.source.isChosenForThisSession && noise.value != .none
                || ambience.source.isChosenForThisSession && ambience.value != nil)
    }
}
