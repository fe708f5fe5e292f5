import Session

/// One gong role's own sound, volume and strikes as asked for (`--interval-gong bell
/// --interval-volume 0.5`); what is not given falls back to the sit's `--gong`, `--gong-volume`
/// and `--strikes`.
package struct GongRoleRequest: Sendable, Equatable {
    package var gong: String?
    package var volume: Float?
    package var strikes: Int?

    package init(gong: String? = nil, volume: Float? = nil, strikes: Int? = nil) {
        self.gong = gong
        self.volume = volume
        self.strikes = strikes
    }

    package var isEmpty: Bool { gong == nil && volume == nil && strikes == nil }

    /// The members of one role: `start-gong`, `start-volume`, `start-strikes`…
    package enum Option {
        package static func gong(_ role: GongRole) -> RequestOption {
            RequestOption("\(role.rawValue)-gong", valueName: "name|path")
        }
        package static func volume(_ role: GongRole) -> RequestOption {
            RequestOption("\(role.rawValue)-volume", valueName: "volume")
        }
        package static func strikes(_ role: GongRole) -> RequestOption {
            RequestOption("\(role.rawValue)-strikes", valueName: "strikes")
        }
        static var all: [RequestOption] { GongRole.allCases.flatMap { [gong($0), volume($0), strikes($0)] } }
    }

    init(_ members: RequestMembers, role: GongRole) throws {
        gong = try members.value(Option.gong(role))
        volume = try members.value(Option.volume(role))
        strikes = try members.value(Option.strikes(role))
    }

    func encode(_ encoding: inout RequestEncoding, role: GongRole) throws {
        try encoding.text(Option.gong(role), gong)
        try encoding.value(Option.volume(role), volume)
        try encoding.value(Option.strikes(role), strikes)
    }

    func givenValues(role: GongRole) -> [String: String] {
        var values: [String: String] = [:]
        values[SettingKeys.gong(for: role).name] = gong
        values[SettingKeys.volume(for: role).name] = volume?.settingText
        values[SettingKeys.strikes(for: role).name] = strikes?.settingText
        return values
    }
}
