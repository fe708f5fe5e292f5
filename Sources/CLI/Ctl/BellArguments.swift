import ArgumentParser
import Settings

/// The gong options that `ctl bell` and `ctl schedule add … bell` take, and the bell they ask
/// for.
struct BellArguments: ParsableArguments {
    @Option(
        help: .localized(
            "A bundled sound (`bowl`, `gong`, `bell`) or an audio file (default: the setting).",
            de: "Ein mitgelieferter Klang (`bowl`, `gong`, `bell`) oder eine Audiodatei (Standard: die Einstellung).",
            valueName: "name|path"))
    var gong: String?

    @Option(
        help: .localized(
            "Strikes, about 1.5 s apart (1-10; default: the setting).",
            de: "Schläge, etwa 1,5 s auseinander (1-10; Standard: die Einstellung)."))
    var strikes: Int?

    @Option(
        help: .localized(
            "Volume of the bell, 0-1 (default: the setting).",
            de: "Lautstärke der Glocke, 0-1 (Standard: die Einstellung).",
            valueName: "volume"))
    var gongVolume: Float?

    var request: BellRequest {
        BellRequest(gong: gong.map(ClientPath.absolute), strikes: strikes, gongVolume: gongVolume)
    }
}
