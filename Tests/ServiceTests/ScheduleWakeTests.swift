import Foundation
import ProgramTestSupport
import Testing

@testable import Service

/// An idle service with schedules sleeps until one is due: the wall clock's timer wakes it then,
/// or when the clock is set, and nothing else does.
@Suite("Service: an idle service sleeps until a schedule is due")
struct ScheduleWakeTests {
    /// How often the thread has gone to sleep, from the kernel's count for it.
    private func sleeps(process: Int32, thread: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process)/task/\(thread)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return Int(line?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? -1
    }

    @Test("with a bell scheduled hours ahead, the service's control thread does not wake at all for 16 s")
    func idleServiceDoesNotWake() throws {
        // Given a service (its control thread is its main thread) with a bell three hours ahead
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let at = ServiceLiveTests.clockText(Date().timeIntervalSince1970 + 3 * 3600)
        _ = try service.client().call("schedule.add", ["action": "bell", "at": .string(at)])
        let pid = service.process.processIdentifier
        Thread.sleep(forTimeInterval: 1)

        // When nothing is asked of it for 16 s
        let before = try sleeps(process: pid, thread: pid)
        Thread.sleep(forTimeInterval: 16)
        let after = try sleeps(process: pid, thread: pid)

        // Then it slept through: it used to look at the clock every 5 s
        #expect(before >= 0 && after >= 0)
        #expect(after - before == 0, "the control thread woke \(after - before) times")
    }

    @Test("the wall-clock alarm fires at the instant it is set to, and not before")
    func alarmFiresAtItsInstant() throws {
        // Given an alarm set 300 ms ahead
        let alarm = try #require(WallClockAlarm())
        let start = Date()
        alarm.arm(at: start.addingTimeInterval(0.3))

        // When its descriptor is waited on
        var descriptor = pollfd(fd: alarm.descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, 5000)
        let waited = Date().timeIntervalSince(start)

        // Then it woke the waiter at that instant
        #expect(ready == 1)
        #expect(waited >= 0.299 && waited < 2, "woke after \(waited) s")
        // And disarmed, it does not
        alarm.drain()
        alarm.arm(at: nil)
        descriptor.revents = 0
        #expect(poll(&descriptor, 1, 400) == 0)
    }
}
