import ArgumentParser
import Settings

/// The track and options of `meditate play` that `ctl play` and `ctl schedule add … play`
/// take, and the track they ask for.
struct PlayArguments: ParsableArguments {
    @Argument var track: String
    @OptionGroup var guided: GuidedOptions
    @OptionGroup var sound: SitSoundOptions

    var request: PlayRequest {
        PlayRequest(track: track, guided: guided.request, sound: sound.request).withClientPaths
    }
}
