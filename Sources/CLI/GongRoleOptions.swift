import ArgumentParser
import Session
import Settings

/// A sound, volume and strikes for each gong of a sit: a softer bell between a full start and
/// end. An option not given (or `none`) takes `--gong`, `--gong-volume` or `--strikes`; each is a setting
/// (`SettingKeys.gong(for:)` and its kin), whose declaration gives its help.
struct GongRoleOptions: ParsableArguments {
    private typealias K = SettingKeys

    @Option(help: .setting(K.gong(for: .start))) var startGong: ClearableOption<String>?
    @Option(help: .setting(K.volume(for: .start))) var startVolume: ClearableOption<Float>?
    @Option(help: .setting(K.strikes(for: .start))) var startStrikes: ClearableOption<Int>?
    @Option(help: .setting(K.gong(for: .interval))) var intervalGong: ClearableOption<String>?
    @Option(help: .setting(K.volume(for: .interval))) var intervalVolume: ClearableOption<Float>?
    @Option(help: .setting(K.strikes(for: .interval))) var intervalStrikes: ClearableOption<Int>?
    @Option(help: .setting(K.gong(for: .transition))) var transitionGong: ClearableOption<String>?
    @Option(help: .setting(K.volume(for: .transition))) var transitionVolume: ClearableOption<Float>?
    @Option(help: .setting(K.strikes(for: .transition))) var transitionStrikes: ClearableOption<Int>?
    @Option(help: .setting(K.gong(for: .walk))) var walkGong: ClearableOption<String>?
    @Option(help: .setting(K.volume(for: .walk))) var walkVolume: ClearableOption<Float>?
    @Option(help: .setting(K.strikes(for: .walk))) var walkStrikes: ClearableOption<Int>?
    @Option(help: .setting(K.gong(for: .end))) var endGong: ClearableOption<String>?
    @Option(help: .setting(K.volume(for: .end))) var endVolume: ClearableOption<Float>?
    @Option(help: .setting(K.strikes(for: .end))) var endStrikes: ClearableOption<Int>?

    /// The roles' own values given, as a request carries them.
    var request: SitSoundRequest {
        var request = SitSoundRequest()
        let given: [(GongRole, ClearableOption<String>?, ClearableOption<Float>?, ClearableOption<Int>?)] = [
            (.start, startGong, startVolume, startStrikes),
            (.interval, intervalGong, intervalVolume, intervalStrikes),
            (.transition, transitionGong, transitionVolume, transitionStrikes),
            (.walk, walkGong, walkVolume, walkStrikes),
            (.end, endGong, endVolume, endStrikes)
        ]
        for (role, gong, volume, strikes) in given {
            request[K.gong(for: role)] = gong
            request[K.volume(for: role)] = volume
            request[K.strikes(for: role)] = strikes
        }
        return request
    }
}
