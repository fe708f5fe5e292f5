/// A value a person or a client gave, as a refusal quotes it: whole when short, else its start
/// and end around "…". A request line may be 64 KiB; one bad value must not make its refusal
/// as long (the page shows it, a log keeps it).
package enum ShownValue {
    package static let longest = 60

    package static func short(_ text: some StringProtocol) -> String {
        guard text.count > longest else { return String(text) }
        return "\(text.prefix(40))…\(text.suffix(15))"
    }

    /// A path is shown whole up to this: a person looks for their folders in it.
    package static let longestPath = 256

    /// A path as a refusal quotes it: whole when no longer than `longestPath`, else its first
    /// 200 and last 50 characters around "…" (its file name is at the end).
    package static func path(_ text: some StringProtocol) -> String {
        guard text.count > longestPath else { return String(text) }
        return "\(text.prefix(200))…\(text.suffix(50))"
    }
}
