import Localization

/// A guided track as a client or the command line asks for it: `meditate play "Body scan"
/// --then 10 --interval 5` and `play.start {"track": "Body scan", "then": 10, "interval": 5}`
/// are the same value.
package struct PlayRequest: Sendable, Equatable {
    /// A library id, the start of a title, or an audio file.
    package var track: String
    package var guided: GuidedRequest
    /// The sounds of the sit after the track.
    package var sound: SitSoundRequest

    package init(track: String, guided: GuidedRequest = GuidedRequest(), sound: SitSoundRequest = SitSoundRequest()) {
        self.track = track
        self.guided = guided
        self.sound = sound
    }

    package enum Option {
        package static let track = RequestOption("track")
    }
}

extension PlayRequest: MemberRequest, Encodable {
    package static var options: [RequestOption] {
        [Option.track] + GuidedRequest.Option.all + SitSoundRequest.options
    }

    package init(_ members: RequestMembers) throws {
        guard let track: String = try members.value(Option.track), !track.isEmpty else {
            throw RequestRefusal(
                localized(
                    "play.start needs a track: its id, the start of its title, or a file",
                    de: "play.start braucht eine Aufnahme: ihre ID, den Anfang ihres Titels oder eine Datei"))
        }
        self.track = track
        guided = try GuidedRequest(members)
        sound = try SitSoundRequest(members)
        try guided.validate()
    }

    package func encode(to encoder: any Encoder) throws {
        var encoding = RequestEncoding(encoder)
        try encoding.text(Option.track, track)
        try guided.encode(&encoding)
        try sound.encode(&encoding)
    }
}
