import Outputs
import Session

/// Every setting meditate knows, in the order `config list` shows them: the one place where a
/// key's type, default and valid range are declared. The flags of the same names override
/// them; `MEDITATE_<NAME>` variables and config.toml set them for every run.
enum SettingKeys {
    private static let maxMinutes = SessionConfiguration.maxMinutes
    private static let maxSeconds = SessionConfiguration.maxCountdownSeconds
    private static let minutesExpected = "a number of minutes, more than 0 and at most \(maxMinutes)"
    private static let secondsExpected = "a number of seconds from 0 to \(maxSeconds)"

    static let minutes = Setting<ExactDecimal>(
        "minutes", "Length of the sit after the countdown, in minutes", expecting: minutesExpected
    ) { $0.isPositive && $0 <= maxMinutes }.defaulting(to: ExactDecimal(20))

    static let countdown = Setting<ExactDecimal>(
        "countdown", "Seconds of silence before the start gong", expecting: secondsExpected
    ) { !$0.isNegative && $0 <= maxSeconds }.defaulting(to: ExactDecimal(15))

    static let interval = Setting<ExactDecimal>(
        "interval", "A bell every N minutes during the sit", expecting: minutesExpected
    ) { $0.isPositive && $0 <= maxMinutes }

    static let bells = Setting<BellList>(
        "bells", "Bells at these minutes after the start (replaces interval)",
        expecting: "minutes separated by commas, e.g. 5,12.5,20", inConfig: false)

    static let strikes = Setting<Int>(
        "strikes", "Strikes per gong", expecting: "a whole number from 1 to 10"
    ) { SessionConfiguration.strikeRange.contains($0) }.defaulting(to: 1)

    static let noise = Setting<NoiseArgument>(
        "noise", "Background bed during the sit", expecting: "white, pink, brown or none"
    ).defaulting(to: NoiseArgument.none)

    static let noiseVolume = Setting<Float>(
        "noise-volume", "Volume of the noise bed", expecting: "a volume from 0 to 1"
    ) { (0...1).contains($0) }.defaulting(to: 0.15)

    static let gong = Setting<String>(
        "gong", "A bundled sound (bowl, gong, bell) or an audio file", expecting: "a sound's name or a file's path"
    ) { !$0.isEmpty }.defaulting(to: "bowl")

    static let gongVolume = Setting<Float>(
        "gong-volume", "Volume of the gongs", expecting: "a volume from 0 to 1"
    ) { (0...1).contains($0) }.defaulting(to: 1)

    static let sampleRate = Setting<Int>(
        "sample-rate", "Engine sample rate in Hz", expecting: "a rate from 8000 to 192000 Hz"
    ) { SessionConfiguration.sampleRateRange.contains($0) }.defaulting(to: 48_000)

    static let seed = Setting<UInt64>(
        "seed", "Seed of the noise generator (random when not set)",
        expecting: "a whole number from 0 to 18446744073709551615", inConfig: false)

    static let backend = Setting<OutputBackend>(
        "backend", "Sound system", expecting: "auto, pulse or alsa"
    ).defaulting(to: .auto)

    static let device = Setting<String>(
        "device", "A PulseAudio sink or an ALSA PCM (the system's default when not set)", expecting: "a device's name"
    ) { !$0.isEmpty }

    static let latency = Setting<Int>(
        "latency-ms", "Device buffer to ask for, in milliseconds", expecting: "a number of milliseconds from 20 to 2000"
    ) { (20...2000).contains($0) }.defaulting(to: 100)

    static let target = Setting<ExactDecimal>(
        "target", "Loudness guided tracks are brought to, in LUFS", expecting: "a loudness from -40 to -6 LUFS"
    ) { LoudnessNormalization.targetRange.contains($0.doubleValue) }.defaulting(to: ExactDecimal(-18))

    static let normalize = Setting<Bool>(
        "normalize", "Bring guided tracks to the target loudness", expecting: "true or false"
    ).defaulting(to: true)

    static let guided = Setting<String>(
        "guided", "A guided track (an id, a title's start, or a file) played first",
        expecting: "a track", inConfig: false) { !$0.isEmpty }

    static let then = Setting<ExactDecimal>(
        "then", "Minutes of silent sit after the guided track", expecting: minutesExpected, inConfig: false
    ) { $0.isPositive && $0 <= maxMinutes }

    static let gap = Setting<ExactDecimal>(
        "gap", "Seconds between a guided track's end and the gong that opens the sit", expecting: secondsExpected
    ) { !$0.isNegative && $0 <= maxSeconds }.defaulting(to: ExactDecimal(5))

    static let lang = Setting<Language>(
        "lang", "Language of messages (the locale's when not set)", expecting: "en or de")

    static let affirmations = Setting<Bool>(
        "affirmations", "Show affirmations in the status line while sitting", expecting: "true or false"
    ).defaulting(to: true)

    static let affirmationsFile = Setting<String>(
        "affirmations-file", "Your own affirmations, one per line (the built-in ones when not set)",
        expecting: "a file's path") { !$0.isEmpty }

    static let all: [any AnySetting] = [
        minutes, countdown, interval, bells, strikes, noise, noiseVolume, gong, gongVolume, sampleRate, seed,
        backend, device, latency, target, normalize, guided, then, gap, lang, affirmations, affirmationsFile,
    ]

    static func named(_ name: String) -> (any AnySetting)? {
        all.first { $0.name == name }
    }
}
