import ArgumentParser
import Session
import Settings

/// A sound, volume and strikes for each gong of a sit: a softer bell between a full start and
/// end. An option not given takes `--gong`, `--gong-volume` or `--strikes`.
struct GongRoleOptions: ParsableArguments {
    @Option(help: Self.soundHelp(.start)) var startGong: String?
    @Option(help: Self.volumeHelp(.start)) var startVolume: Float?
    @Option(help: Self.strikesHelp(.start)) var startStrikes: Int?
    @Option(help: Self.soundHelp(.interval)) var intervalGong: String?
    @Option(help: Self.volumeHelp(.interval)) var intervalVolume: Float?
    @Option(help: Self.strikesHelp(.interval)) var intervalStrikes: Int?
    @Option(help: Self.soundHelp(.transition)) var transitionGong: String?
    @Option(help: Self.volumeHelp(.transition)) var transitionVolume: Float?
    @Option(help: Self.strikesHelp(.transition)) var transitionStrikes: Int?
    @Option(help: Self.soundHelp(.end)) var endGong: String?
    @Option(help: Self.volumeHelp(.end)) var endVolume: Float?
    @Option(help: Self.strikesHelp(.end)) var endStrikes: Int?

    /// The roles given a value of their own.
    var requests: [GongRole: GongRoleRequest] {
        let given: [GongRole: GongRoleRequest] = [
            .start: GongRoleRequest(gong: startGong, volume: startVolume, strikes: startStrikes),
            .interval: GongRoleRequest(gong: intervalGong, volume: intervalVolume, strikes: intervalStrikes),
            .transition: GongRoleRequest(gong: transitionGong, volume: transitionVolume, strikes: transitionStrikes),
            .end: GongRoleRequest(gong: endGong, volume: endVolume, strikes: endStrikes)
        ]
        return given.filter { !$0.value.isEmpty }
    }

    private static func soundHelp(_ role: GongRole) -> ArgumentHelp {
        .localized(
            "Sound of the \(role.english) (default: --gong).", de: "Klang \(role.germanOf) (Standard: --gong).",
            valueName: "name|path")
    }

    private static func volumeHelp(_ role: GongRole) -> ArgumentHelp {
        .localized(
            "Volume of the \(role.english), 0-1 (default: --gong-volume).",
            de: "Lautstärke \(role.germanOf), 0-1 (Standard: --gong-volume).", valueName: "volume")
    }

    private static func strikesHelp(_ role: GongRole) -> ArgumentHelp {
        .localized(
            "Strikes of the \(role.english), 1-10 (default: --strikes).",
            de: "Schläge \(role.germanOf), 1-10 (Standard: --strikes).", valueName: "strikes")
    }
}
