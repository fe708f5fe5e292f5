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
    @Option(help: Self.soundHelp(.walk)) var walkGong: String?
    @Option(help: Self.volumeHelp(.walk)) var walkVolume: Float?
    @Option(help: Self.strikesHelp(.walk)) var walkStrikes: Int?
    @Option(help: Self.soundHelp(.end)) var endGong: String?
    @Option(help: Self.volumeHelp(.end)) var endVolume: Float?
    @Option(help: Self.strikesHelp(.end)) var endStrikes: Int?

    /// The roles given a value of their own.
    var requests: [GongRole: GongRoleRequest] {
        let given: [GongRole: GongRoleRequest] = [
            .start: GongRoleRequest(gong: startGong, volume: startVolume, strikes: startStrikes),
            .interval: GongRoleRequest(gong: intervalGong, volume: intervalVolume, strikes: intervalStrikes),
            .transition: GongRoleRequest(gong: transitionGong, volume: transitionVolume, strikes: transitionStrikes),
            .walk: GongRoleRequest(gong: walkGong, volume: walkVolume, strikes: walkStrikes),
            .end: GongRoleRequest(gong: endGong, volume: endVolume, strikes: endStrikes)
        ]
        return given.filter { !$0.value.isEmpty }
    }

    private static func soundHelp(_ role: GongRole) -> ArgumentHelp {
        let fallback = Self.fallback(role, "gong")
        return .localized(
            "Sound of the \(role.english) (default: \(fallback)).",
            de: "Klang \(role.germanOf) (Standard: \(fallback)).", valueName: "name|path")
    }

    private static func volumeHelp(_ role: GongRole) -> ArgumentHelp {
        let fallback = Self.fallback(role, "volume", general: "gong-volume")
        return .localized(
            "Volume of the \(role.english), 0-1 (default: \(fallback)).",
            de: "Lautstärke \(role.germanOf), 0-1 (Standard: \(fallback)).", valueName: "volume")
    }

    /// A boundary's strikes tell walking from sitting by ear (two into a walk, one back to
    /// sitting) rather than follow `--strikes`.
    private static func strikesHelp(_ role: GongRole) -> ArgumentHelp {
        let (english, german) =
            switch role {
            case .transition: ("2 into a walk, 1 back to sitting", "2 zum Gehen, 1 zurück zum Sitzen")
            case .walk: ("--transition-strikes, else 2", "--transition-strikes, sonst 2")
            default: ("--strikes", "--strikes")
            }
        return .localized(
            "Strikes of the \(role.english), 1-10 (default: \(english)).",
            de: "Schläge \(role.germanOf), 1-10 (Standard: \(german)).", valueName: "strikes")
    }

    /// The option a role's value falls back to: its fallback role's, or the sit's own.
    private static func fallback(_ role: GongRole, _ member: String, general: String? = nil) -> String {
        role.fallback.map { "--\($0.rawValue)-\(member)" } ?? "--\(general ?? member)"
    }
}
