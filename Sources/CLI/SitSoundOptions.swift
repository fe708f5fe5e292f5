import ArgumentParser
import Session
import Settings

/// What a timed sit sounds like: its bells, gong and noise bed. Shared by the timer, `render`
/// and the sit `play --then` opens after a guided track. An option not given comes from the
/// preset, `MEDITATE_*`, config.toml or its default (see `Settings`).
struct SitSoundOptions: ParsableArguments {
    @Option(
        help: .localized(
            "What sounds while walking between sits (--segments) besides the gongs: none, the bed, the bells or both (default: none).",
            de:
                "Was beim Gehen zwischen den Sitzen (--segments) außer den Gongs klingt: none (nichts), bed (der Klangteppich), bells (die Glocken) oder both (beides; Standard: none).",
            valueName: "none|bed|bells|both"))
    var walkSounds: WalkSounds?

    @Option(
        help: .localized(
            "A bell every N minutes during the sit (default: none); none sits without them, whatever config.toml says.",
            de:
                "Eine Glocke alle N Minuten während des Sitzens (Standard: keine); none sitzt ohne sie, was auch immer in config.toml steht.",
            valueName: "minutes|none"))
    var interval: ClearableOption<ExactDecimal>?

    @Option(
        help: .localized(
            "Bells at these minutes after the start, e.g. 5,12.5,20 (replaces --interval); none: no such bells this time.",
            de:
                "Glocken zu diesen Minuten nach dem Beginn, z. B. 5,12.5,20 (ersetzt --interval); none: diesmal keine solchen Glocken.",
            valueName: "list|none"))
    var bells: ClearableOption<BellList>?

    @Option(
        help: .localized(
            "Bells at random moments, MIN to MAX minutes apart, e.g. 3-10 (replaces --interval); none in the last minute, and not announced. The same --seed rings them at the same moments.",
            de:
                "Glocken zu zufälligen Zeiten, MIN bis MAX Minuten auseinander, z. B. 3-10 (ersetzt --interval); keine in der letzten Minute, und nicht angekündigt. Derselbe --seed läutet sie zu denselben Zeiten.",
            valueName: "min-max|none"),
        transform: ClearableOption<RandomBells>.explained)
    var randomBells: ClearableOption<RandomBells>?

    @Option(
        help: .localized(
            "Strikes per gong, about 1.5 s apart (1-10; default \(SettingKeys.strikes.defaultValue)).",
            de: "Schläge je Gong, etwa 1,5 s auseinander (1-10; Standard \(SettingKeys.strikes.defaultValue))."))
    var strikes: Int?

    @Option(
        help: .localized(
            "Background bed from the start gong to the completion gong (default \(SettingKeys.noise.defaultValue.rawValue)).",
            de: "Klangteppich vom Startgong bis zum Schlussgong (Standard \(SettingKeys.noise.defaultValue.rawValue)).",
            valueName: "white|pink|brown|ocean|none"))
    var noise: NoiseArgument?

    @Option(
        help: .localized(
            "Volume of the bed (noise or ambience), 0-1 (default \(SettingKeys.noiseVolume.defaultValue)).",
            de:
                "Lautstärke des Klangteppichs (Rauschen oder Klangkulisse), 0-1 (Standard \(Language.de.decimal(SettingKeys.noiseVolume.defaultValue.description))).",
            valueName: "volume"))
    var noiseVolume: Float?

    @Option(
        help: .localized(
            "A sound file or library track looped as the bed instead of noise, cross-faded at its seam, as loud as the noise at --noise-volume; none: no ambience this time.",
            de:
                "Eine Audiodatei oder Aufnahme der Bibliothek, in Schleife als Klangteppich statt Rauschen, an der Naht überblendet, so laut wie das Rauschen bei --noise-volume; none: diesmal keine Klangkulisse.",
            valueName: "path|track|none"))
    var ambience: ClearableOption<String>?

    @Option(
        help: .localized(
            "Seconds of the cross-fade where the ambience loops, 0.1-30 (default \(SettingKeys.ambienceCrossfade.defaultValue)); the file must last twice as long.",
            de:
                "Sekunden der Überblendung, wo die Klangkulisse neu beginnt, 0,1-30 (Standard \(Language.de.decimal(SettingKeys.ambienceCrossfade.defaultValue.description))); die Datei muss doppelt so lang sein.",
            valueName: "seconds"))
    var ambienceCrossfade: Float?

    @Option(
        help: .localized(
            "A bundled sound (`bowl`, `gong`, `bell`) or an audio file (default \(SettingKeys.gong.defaultValue)).",
            de:
                "Ein mitgelieferter Klang (`bowl`, `gong`, `bell`) oder eine Audiodatei (Standard \(SettingKeys.gong.defaultValue)).",
            valueName: "name|path"))
    var gong: String?

    @Option(
        help: .localized(
            "Volume of the gongs, 0-1 (default \(SettingKeys.gongVolume.defaultValue)).",
            de:
                "Lautstärke der Gongs, 0-1 (Standard \(Language.de.decimal(SettingKeys.gongVolume.defaultValue.description))).",
            valueName: "volume"))
    var gongVolume: Float?

    @Option(
        help: .localized(
            "Engine sample rate in Hz (default \(SettingKeys.sampleRate.defaultValue)).",
            de: "Abtastrate der Engine in Hz (Standard \(SettingKeys.sampleRate.defaultValue)).", valueName: "hz"))
    var sampleRate: Int?

    @Option(
        help: .localized(
            "Seed of the noise and the random bells; the same seed gives the same noise, bit for bit, and the same moments (default: random).",
            de:
                "Startwert des Rauschens und der zufälligen Glocken; derselbe Wert gibt dasselbe Rauschen, Bit für Bit, und dieselben Zeiten (Standard: zufällig)."
        ))
    var seed: UInt64?

    @OptionGroup var roles: GongRoleOptions

    /// The sounds asked for, as a client would ask for them.
    var request: SitSoundRequest {
        var request = SitSoundRequest(
            interval: interval, bells: bells, randomBells: randomBells, walkSounds: walkSounds, strikes: strikes,
            noise: noise,
            noiseVolume: noiseVolume, ambience: ambience, ambienceCrossfade: ambienceCrossfade, gong: gong,
            gongVolume: gongVolume, sampleRate: sampleRate, seed: seed)
        request.roles = roles.requests
        return request
    }
}
