/// How long a client waits for the answer to `sit.start` or `play.start`: the service answers
/// once the session is made ready, which may take as long as measuring a file outside the
/// library is allowed to (`ServicePreparation.measuringLimitSeconds`), and a little more.
package enum StartAnswerTime {
    package static let milliseconds = Int(ServicePreparation.measuringLimitSeconds * 1000) + 10_000

    /// The time to wait for `method`'s answer: the start's, or nil for the client's own.
    package static func milliseconds(for method: String) -> Int? {
        method == "sit.start" || method == "play.start" ? milliseconds : nil
    }
}
