import Synchronization

/// Where the merge says what it skipped of the history's files (a file too large, a line too
/// long, a device with too many files): a line each, once. The program hands in its own way of
/// saying it (stderr, the service's log) at its start; until then nothing is said, as in a
/// library test.
public enum MergeNotices {
    public typealias Say = @Sendable (String) -> Void

    private static let say = Mutex<Say?>(nil)

    /// Says every notice with `say` from now on.
    public static func use(_ say: @escaping Say) {
        self.say.withLock { $0 = say }
    }

    static func tell(_ line: String) {
        guard let say = say.withLock({ $0 }) else { return }
        say(line)
    }
}
