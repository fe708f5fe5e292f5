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
        typealias K = SettingKeys
        let members = try RequestMembers(
            decoder, options: [K.gong.requestOption, K.strikes.requestOption, K.gongVolume.requestOption])
        gong = try members.value(K.gong.requestOption)
        strikes = try members.value(K.strikes.requestOption)
        gongVolume = try members.value(K.gongVolume.requestOption)
    }

    package func encode(to encoder: any Encoder) throws {
        typealias K = SettingKeys
        var encoding = RequestEncoding(encoder)
        try encoding.text(K.gong.requestOption, gong)
        try encoding.value(K.strikes.requestOption, strikes)
        try encoding.value(K.gongVolume.requestOption, gongVolume)
    }
}
