import Synchronization

/// How a schedule from the shared folder is checked before the index takes it, when it names
/// this device's service: as `schedule.add` checks what a client gives (its options are a
/// request of its action, its sit has a plan, it never suspends the machine). Any device may
/// write into the folder, and a schedule that is taken rings here with nobody doing anything.
/// The checks are the service's (they read settings and presets), so the program hands them
/// in once at its start; until then every well-formed schedule is taken, as a library test's.
public enum ScheduleAcceptance {
    public typealias Check = @Sendable (ScheduleEntry) -> Bool

    private static let check = Mutex<Check?>(nil)

    /// Uses `check` for every merge from now on.
    public static func use(_ check: @escaping Check) {
        self.check.withLock { $0 = check }
    }

    /// Whether the index may take `entry`, a schedule of the service `device` names.
    static func accepts(_ entry: ScheduleEntry, here device: String?) -> Bool {
        guard entry.runs(on: device), let check = check.withLock({ $0 }) else { return true }
        return check(entry)
    }
}
