import CSystemd
import Foundation

/// What systemd is told (`Type=notify`): ready, stopping, a status line, and watchdog pings
/// when the unit sets `WatchdogSec`. Outside systemd (no `NOTIFY_SOCKET`) every call does
/// nothing.
///
/// Thread: control (the service's main thread).
struct SystemdNotifier {
    /// How often to ping the watchdog (half its timeout), or nil when the unit has none.
    let watchdogMilliseconds: Int?
    /// Whether systemd listens (`NOTIFY_SOCKET` is set): the status line is worth keeping
    /// up to the second only then.
    let isListening: Bool
    private var lastStatus = ""

    init() {
        isListening = getenv("NOTIFY_SOCKET") != nil
        var microseconds: UInt64 = 0
        if sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 {
            watchdogMilliseconds = max(1, Int(microseconds / 2000))
        } else {
            watchdogMilliseconds = nil
        }
    }

    func ready(status: String) { send("READY=1\nSTATUS=\(status)") }
    func stopping() { send("STOPPING=1\nSTATUS=stopping") }
    func ping() { send("WATCHDOG=1") }

    /// Sends the status line when it has changed.
    mutating func status(_ line: String) {
        guard line != lastStatus else { return }
        lastStatus = line
        send("STATUS=\(line)")
    }

    private func send(_ state: String) {
        _ = sd_notify(0, state)
    }
}
