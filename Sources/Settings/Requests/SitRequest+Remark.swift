import Localization

extension SitRequest {
    /// The one line for a note longer than a note holds, naming it as the reader gave it
    /// (`--note`, a CSV's `remark`, the protocol's `note`); nil when it fits. Every way in to the
    /// history checks a note here.
    package static func remarkRefusal(_ remark: String, name: String) -> String? {
        guard remark.count > longestRemark else { return nil }
        return localized(
            "\(name) has \(remark.count) characters; a note holds at most \(longestRemark)",
            de: "\(name) hat \(remark.count) Zeichen; eine Notiz fasst höchstens \(longestRemark)")
    }
}
