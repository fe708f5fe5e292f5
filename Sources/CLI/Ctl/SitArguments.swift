import ArgumentParser
import Settings

/// The options of `meditate sit` that `ctl sit` and `ctl schedule add … sit` take, and the sit
/// they ask for.
struct SitArguments: ParsableArguments {
    @OptionGroup var session: SessionOptions
    @OptionGroup var preset: PresetOption

    var request: SitRequest {
        var request = session.request
        request.preset = preset.preset
        return request.withClientPaths
    }
}
