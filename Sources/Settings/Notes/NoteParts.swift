/// A note's parts as the history keeps them (`NoteText`): each a `key` and its values.
package struct NoteParts: Sendable {
    package let parts: [[String: String]]

    package init(_ parts: [[String: String]]) { self.parts = parts }

    /// The first part of `key`.
    package func first(_ key: MessageKey) -> [String: String]? { parts.first { $0["key"] == key.rawValue } }

    /// What the first part whose key `values` names stands for.
    package func first<Value>(of values: [MessageKey: Value]) -> Value? {
        parts.lazy.compactMap { $0["key"].flatMap { MessageKey(rawValue: $0) }.flatMap { values[$0] } }.first
    }
}
