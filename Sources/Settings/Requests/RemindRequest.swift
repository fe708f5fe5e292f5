import Localization

/// A reminder to sit, as a schedule keeps it (`schedule add … remind --text "…" --preset
/// morning`): the sit it offers, with the sitter's own words and whether a bell sounds with it.
/// Its params are those of `sit.start` and two more, `text` and `bell`; nothing plays unless
/// the sitter takes it up (or `bell` is asked).
package struct RemindRequest: Sendable, Equatable {
    /// The sitter's own words, said instead of "Time to sit".
    package var text: String?
    /// Whether the bell of the settings sounds when it is due.
    package var bell = false
    /// The sit that "Sit now" starts.
    package var sit: SitRequest

    /// A line of a notification, not a letter.
    package static let longestText = 200

    package init(text: String? = nil, bell: Bool = false, sit: SitRequest = SitRequest()) {
        self.text = text
        self.bell = bell
        self.sit = sit
    }

    package enum Option {
        package static let text = RequestOption("text", valueName: "text")
        package static let bell = RequestOption("bell", valueName: "true|false")
    }
}

extension RemindRequest: MemberRequest, Encodable {
    package static var options: [RequestOption] { [Option.text, Option.bell] + SitRequest.options }

    package init(_ members: RequestMembers) throws {
        text = try members.value(Option.text)
        if let text, text.count > Self.longestText {
            throw RequestRefusal(
                localized(
                    "--text has \(text.count) characters; a reminder says at most \(Self.longestText)",
                    de: "--text hat \(text.count) Zeichen; eine Erinnerung sagt höchstens \(Self.longestText)"))
        }
        if text?.contains(where: \.isNewline) == true {
            throw RequestRefusal(
                localized("--text is one line", de: "--text ist eine Zeile"))
        }
        bell = try members.flag(Option.bell) ?? false
        sit = try SitRequest(members)
    }

    package func encode(to encoder: any Encoder) throws {
        var encoding = RequestEncoding(encoder)
        try encoding.text(Option.text, text)
        if bell { try encoding.flag(Option.bell, true) }
        try sit.encode(&encoding)
    }
}
