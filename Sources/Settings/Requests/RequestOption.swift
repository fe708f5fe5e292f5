/// One member of a request's params: the long option of the command line it stands for
/// (`gong-volume` is `--gong-volume`) and the name its value has in `--help` (`<volume>`).
package struct RequestOption: Sendable {
    package let name: String
    package let valueName: String
    /// The values it takes, when they are a few words (`--noise`'s colours).
    package let choices: [String]

    package init(_ name: String, valueName: String? = nil, choices: [String] = []) {
        self.name = name
        self.valueName = valueName ?? name
        self.choices = choices
    }

    /// The member's coding key.
    var key: RequestMembers.Key { RequestMembers.Key(name) }
}
