/// A value a person or a client gave, as a refusal quotes it: whole when short, else its start
/// and end around "…". A request line may be 64 KiB; one bad value must not make its refusal
/// as long (the page shows it, a log keeps it).
package enum ShownValue {
    package static let longest = 60

    package static func short(_ text: some StringProtocol) -> String {
        guard text.count > longest else { return String(text) }
        return "\(text.prefix(40))…\(text.suffix(15))"
    }
}
