/// Why `--random-bells` text is not a range of gaps, so that a person is told how it is wrong.
/// Worded for people by the Settings target, in the run's language.
public enum RandomBellsError: Error, Sendable, Equatable {
    /// Not one number or two joined by a dash: `abc`, `3-`, `3-10-12`.
    case notMinutes
    /// A shortest gap of 0 minutes or less.
    case shortestNotPositive
    /// The longer gap written first: `10-3` (`first` 10, `second` 3).
    case longestFirst(first: ExactDecimal, second: ExactDecimal)
}
