import Session

/// What a sit asks to sound like (its bells, gong and noise bed), as typed values: what
/// `meditate sit`'s options build, and what the `sit.start` params decode into. A value not
/// given comes from the preset, `MEDITATE_*`, config.toml or its default when resolved.
package struct SitSoundRequest: Sendable, Equatable {
    package var interval: ClearableOption<ExactDecimal>?
    package var bells: ClearableOption<BellList>?
    package var randomBells: ClearableOption<RandomBells>?
    /// What sounds while walking between sits besides the gongs.
    package var walkSounds: WalkSounds?
    package var strikes: Int?
    package var noise: NoiseArgument?
    package var noiseVolume: Float?
    /// A sound file or library track looped as the bed instead of noise.
    package var ambience: ClearableOption<String>?
    /// Seconds of the equal-power cross-fade at the ambience's seam.
    package var ambienceCrossfade: Float?
    package var gong: String?
    package var gongVolume: Float?
    package var sampleRate: Int?
    package var seed: UInt64?
    /// The roles given a sound, volume or strikes of their own.
    package var roles: [GongRole: GongRoleRequest] = [:]

    package init(
        interval: ClearableOption<ExactDecimal>? = nil, bells: ClearableOption<BellList>? = nil,
        randomBells: ClearableOption<RandomBells>? = nil, walkSounds: WalkSounds? = nil, strikes: Int? = nil,
        noise: NoiseArgument? = nil, noiseVolume: Float? = nil, ambience: ClearableOption<String>? = nil,
        ambienceCrossfade: Float? = nil, gong: String? = nil, gongVolume: Float? = nil, sampleRate: Int? = nil,
        seed: UInt64? = nil
    ) {
        self.interval = interval
        self.bells = bells
        self.randomBells = randomBells
        self.walkSounds = walkSounds
        self.strikes = strikes
        self.noise = noise
        self.noiseVolume = noiseVolume
        self.ambience = ambience
        self.ambienceCrossfade = ambienceCrossfade
        self.gong = gong
        self.gongVolume = gongVolume
        self.sampleRate = sampleRate
        self.seed = seed
    }

    /// The members, as the options of `meditate sit` name them and their values.
    package enum Option {
        package static let interval = RequestOption("interval", valueName: "minutes|none")
        package static let bells = RequestOption("bells", valueName: "list|none")
        package static let randomBells = RequestOption("random-bells", valueName: "min-max|none")
        package static let walkSounds = RequestOption(
            "walk-sounds", valueName: "none|bed|bells|both", choices: WalkSounds.allCases.map(\.rawValue))
        package static let strikes = RequestOption("strikes")
        package static let noise = RequestOption(
            "noise", valueName: "white|pink|brown|ocean|none", choices: NoiseArgument.allCases.map(\.rawValue))
        package static let noiseVolume = RequestOption("noise-volume", valueName: "volume")
        package static let ambience = RequestOption("ambience", valueName: "path|track|none")
        package static let ambienceCrossfade = RequestOption("ambience-crossfade", valueName: "seconds")
        package static let gong = RequestOption("gong", valueName: "name|path")
        package static let gongVolume = RequestOption("gong-volume", valueName: "volume")
        package static let sampleRate = RequestOption("sample-rate", valueName: "hz")
        package static let seed = RequestOption("seed")
        static let all =
            [
                interval, bells, randomBells, walkSounds, strikes, noise, noiseVolume, ambience, ambienceCrossfade,
                gong,
                gongVolume, sampleRate, seed
            ]
            + GongRoleRequest.Option.all
    }

    init(_ members: RequestMembers) throws {
        interval = try members.value(Option.interval)
        bells = try members.value(Option.bells)
        randomBells = try members.explainedValue(Option.randomBells)
        walkSounds = try members.value(Option.walkSounds)
        strikes = try members.value(Option.strikes)
        noise = try members.value(Option.noise)
        noiseVolume = try members.value(Option.noiseVolume)
        ambience = try members.value(Option.ambience)
        ambienceCrossfade = try members.value(Option.ambienceCrossfade)
        gong = try members.value(Option.gong)
        gongVolume = try members.value(Option.gongVolume)
        sampleRate = try members.value(Option.sampleRate)
        seed = try members.value(Option.seed)
        for role in GongRole.allCases {
            let given = try GongRoleRequest(members, role: role)
            if !given.isEmpty { roles[role] = given }
        }
    }

    func encode(_ encoding: inout RequestEncoding) throws {
        try encoding.text(Option.interval, interval?.settingText)
        try encoding.text(Option.bells, bells?.settingText)
        try encoding.text(Option.randomBells, randomBells?.settingText)
        try encoding.text(Option.walkSounds, walkSounds?.rawValue)
        try encoding.value(Option.strikes, strikes)
        try encoding.text(Option.noise, noise?.rawValue)
        try encoding.value(Option.noiseVolume, noiseVolume)
        try encoding.text(Option.ambience, ambience?.settingText)
        try encoding.value(Option.ambienceCrossfade, ambienceCrossfade)
        try encoding.text(Option.gong, gong)
        try encoding.value(Option.gongVolume, gongVolume)
        try encoding.value(Option.sampleRate, sampleRate)
        try encoding.value(Option.seed, seed)
        for role in GongRole.allCases {
            try roles[role]?.encode(&encoding, role: role)
        }
    }

    /// The sounds, each value not given taken from the settings.
    package func resolve(_ settings: Settings) -> SitSound {
        typealias K = SettingKeys
        var interval = settings.resolve(K.interval, flag: interval)
        var bells = settings.resolve(K.bells, flag: bells)
        var random = settings.resolve(K.randomBells, flag: randomBells)
        var noise = settings.resolve(K.noise, flag: noise)
        var ambience = settings.resolve(K.ambience, flag: ambience)
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
        let gong = settings.resolve(K.gong, flag: gong)
        let gongVolume = settings.resolve(K.gongVolume, flag: gongVolume)
        let strikes = settings.resolve(K.strikes, flag: strikes)
        var roleGongs: [GongRole: String] = [:]
        var roleVolumes: [GongRole: Float] = [:]
        var roleStrikes: [GongRole: Int] = [:]
        // A role's own value counts unless the general one was asked for more strongly:
        // `--gong bell` sets every role, over a config's `interval-gong`. A role with a fallback
        // (the walk's, the transition's) yields to that one asked for more strongly too:
        // `--transition-strikes 3` sets both boundaries, over a config's `walk-strikes`.
        var kept: [GongRole: (gong: Int, volume: Int, strikes: Int)] = [:]
        for role in GongRole.allCases {
            let asked = roles[role]
            let above = role.fallback.flatMap { kept[$0] } ?? (0, 0, 0)
            var strengths = (gong: 0, volume: 0, strikes: 0)
            let ownGong = settings.resolve(K.gong(for: role), flag: asked?.gong)
            if let value = ownGong.value, ownGong.source.strength >= max(gong.source.strength, above.gong) {
                roleGongs[role] = value
                strengths.gong = ownGong.source.strength
            }
            let ownVolume = settings.resolve(K.volume(for: role), flag: asked?.volume)
            if let value = ownVolume.value, ownVolume.source.strength >= max(gongVolume.source.strength, above.volume) {
                roleVolumes[role] = value
                strengths.volume = ownVolume.source.strength
            }
            let ownStrikes = settings.resolve(K.strikes(for: role), flag: asked?.strikes)
            if let value = ownStrikes.value, ownStrikes.source.strength >= max(strikes.source.strength, above.strikes) {
                roleStrikes[role] = value
                strengths.strikes = ownStrikes.source.strength
            }
            kept[role] = strengths
        }
        return SitSound(
            interval: interval.value, intervalSource: interval.source, bells: bells.value?.minutes ?? [],
            randomBells: random.value, randomBellsSource: random.source,
            walkSounds: settings.value(K.walkSounds, flag: walkSounds),
            strikes: strikes.value,
            noise: noise.value,
            noiseVolume: settings.value(K.noiseVolume, flag: noiseVolume),
            ambience: ambience.value, ambienceSource: ambience.source,
            ambienceCrossfade: settings.value(K.ambienceCrossfade, flag: ambienceCrossfade),
            gong: gong.value, roleGongs: roleGongs,
            gongVolume: gongVolume.value, roleVolumes: roleVolumes, roleStrikes: roleStrikes,
            sampleRate: settings.value(K.sampleRate, flag: sampleRate),
            seed: settings.value(K.seed, flag: seed) ?? UInt64.random(in: .min ... .max),
            shapesASit: asksForBells || noise.source.isChosenForThisSession && noise.value != .none
                || ambience.source.isChosenForThisSession && ambience.value != nil)
    }

    /// The values given, as setting texts, for a preset.
    package var givenValues: [String: String] {
        typealias K = SettingKeys
        var values: [String: String] = [:]
        values[K.interval.name] = interval?.settingText
        values[K.bells.name] = bells?.settingText
        values[K.randomBells.name] = randomBells?.settingText
        values[K.walkSounds.name] = walkSounds?.settingText
        values[K.strikes.name] = strikes?.settingText
        values[K.noise.name] = noise?.settingText
        values[K.noiseVolume.name] = noiseVolume?.settingText
        values[K.ambience.name] = ambience?.settingText
        values[K.ambienceCrossfade.name] = ambienceCrossfade?.settingText
        values[K.gong.name] = gong
        values[K.gongVolume.name] = gongVolume?.settingText
        values[K.sampleRate.name] = sampleRate?.settingText
        values[K.seed.name] = seed?.settingText
        for (role, given) in roles {
            values.merge(given.givenValues(role: role)) { kept, _ in kept }
        }
        return values
    }
}
