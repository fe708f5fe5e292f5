import ArgumentParser
import Control
import Localization
import Settings

/// What `meditate play` and `meditate course` take beside the track: the track's playback, the
/// sit after it, the output, the reporting, the library, and whether to play here.
struct GuidedPlayOptions: ParsableArguments {
    @OptionGroup var guided: GuidedOptions
    @OptionGroup(
        title: localized("The sit after the track (with --then)", de: "Das Sitzen nach der Aufnahme (mit --then)"))
    var sound: SitSoundOptions
    @OptionGroup(title: OutputOptions.title) var output: OutputOptions
    @OptionGroup var reporting: LiveReportingOptions
    @OptionGroup var location: LibraryLocation

    @Flag(
        help: .localized(
            "Play in this process even when a service (`meditate serve`) runs; without it, a running service plays the track and this terminal follows it. Giving --backend, --device, --latency-ms or --library plays here too.",
            de:
                "Spielt in diesem Prozess, auch wenn ein Dienst (`meditate serve`) läuft; ohne dies spielt ein laufender Dienst die Aufnahme, und dieses Terminal folgt ihm. Mit --backend, --device, --latency-ms oder --library wird ebenfalls hier gespielt."
        ))
    var standalone = false

    /// Plays `reference` (an id, the start of a title, a file) with these options.
    func play(_ reference: String, settings: Settings) throws {
        // A service plays from its own library and to its own output: a person who names
        // either, or asks for it, gets this process.
        let handOff =
            standalone || !output.givenValues.isEmpty || location.folder != nil
            ? nil
            : try JSONValue(
                encoding: PlayRequest(track: reference, guided: guided.request, sound: sound.request).withClientPaths)
        try GuidedLive.run(
            reference: reference, playback: guided.request.resolve(settings), sound: sound.request,
            output: output, reporting: reporting, location: location, settings: settings, handOff: handOff)
    }
}
