import Settings

extension SettingUseFailure {
    /// `error` said with the flag whose value it is about (`--ambience: '/x.ogg': no such file`),
    /// unless its line names an option already (`--ambience-crossfade must be …`).
    package static func naming(flag: String, _ error: any Error) -> SettingUseFailure {
        let line = FailureLine.line(for: error)
        return SettingUseFailure(line: line.hasPrefix("--") ? line : "--\(flag): \(line)", underlying: error)
    }
}
