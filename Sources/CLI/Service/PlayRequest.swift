import ArgumentParser
import Control
import Foundation
import Settings

/// A guided track as a client asks for it (`play.start`): `{"track": "Body scan", "then": 10,
/// "interval": 5}`, the argument and the long options of `meditate play`, read by the same
/// option parser, so a bad value is refused with the line `meditate play` would print.
struct PlayRequest: ParsableArguments {
    @Argument var track: String
    @OptionGroup var guided: GuidedOptions
    @OptionGroup var sound: SitSoundOptions

    static func parse(params: JSONValue) throws(RPCError) -> PlayRequest {
        guard case var .object(members) = params, let track = members.removeValue(forKey: "track")?.stringValue,
            !track.isEmpty
        else {
            throw .invalidParams(
                localized(
                    "play.start needs a track: its id, the start of its title, or a file",
                    de: "play.start braucht eine Aufnahme: ihre ID, den Anfang ihres Titels oder eine Datei"))
        }
        // The track after `--`: a title that starts with a dash is still a title.
        let arguments = try SitRequest.commandLine(of: .object(members)) + ["--", track]
        do {
            return try parse(arguments)
        } catch {
            throw .invalidParams(ErrorMessages.line(for: error))
        }
    }

    /// The options given, as members of `play.start`'s params (what `meditate ctl play` sends).
    var params: JSONValue { Self.params(track: track, guided: guided, sound: sound) }

    static func params(track: String, guided: GuidedOptions, sound: SitSoundOptions) -> JSONValue {
        var members = guided.givenValues.merging(sound.givenValues) { first, _ in first }.mapValues {
            JSONValue.string($0)
        }
        // The one flag among them: true or false, not a text.
        if let normalize = members["normalize"]?.stringValue { members["normalize"] = .bool(normalize == "true") }
        members["track"] = .string(track)
        return ClientPath.absoluteGong(.object(members))
    }
}
