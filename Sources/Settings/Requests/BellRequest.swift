/// A bell rung alone (`bell.ring`, `meditate ctl bell`, a schedule's bell): the sit's own gong
/// options as typed values. What is not given comes from the settings, as for a sit.
package struct BellRequest: Sendable, Equatable {
    package var gong: String?
    package var strikes: Int?
    package var gongVolume: Float?

    package init(gong: String? = nil, strikes: Int? = nil, gongVolume: Float? = nil) {
        self.gong = gong
        self.strikes = strikes
        self.gongVolume = gongVolume
    }
}

extension BellRequest: Codable {
    package init(from decoder: any Decoder) throws {
        typealias Option = SitSoundRequest.Option
        let members = try RequestMembers(decoder, options: [Option.gong, Option.strikes, Option.gongVolume])
        gong = try members.value(Option.gong)
        strikes = try members.value(Option.strikes)
        gongVolume = try members.value(Option.gongVolume)
    }

    package func encode(to encoder: any Encoder) throws {
        typealias Option = SitSoundRequest.Option
        var encoding = RequestEncoding(encoder)
        try encoding.text(Option.gong, gong)
        try encoding.value(Option.strikes, strikes)
        try encoding.value(Option.gongVolume, gongVolume)
    }
}
