import Testing

@testable import Outputs

@Suite("PulseAudio timing schedule")
struct PulseTimingScheduleTests {
    private let millisecond: UInt64 = 1_000_000

    /// The times, in ms from 0, at which a schedule polled every millisecond up to `until` asks.
    private func asks(
        _ schedule: inout PulseTimingSchedule, from start: UInt64 = 0, until: UInt64,
        cap: UInt64 = PulseTimingSchedule.steadyNanoseconds
    ) -> [UInt64] {
        stride(from: start, through: until, by: 1).filter { schedule.isDue(at: $0 * millisecond, cap: cap) }
    }

    @Test("the stream's timing is asked for at once, then after intervals doubling from 10 ms up to 4 s")
    func doublesUpToSteady() {
        // Given a new schedule, polled every millisecond for 20 s
        var schedule = PulseTimingSchedule()
        let times = asks(&schedule, until: 20_000)
        // Then it asks at 0, 10, 30, 70, ... ms, and every 4 s once the interval has reached it
        #expect(Array(times.prefix(10)) == [0, 10, 30, 70, 150, 310, 630, 1270, 2550, 5110])
        #expect(zip(times.dropFirst(10), times.dropFirst(9)).allSatisfy { $0 - $1 == 4000 })
    }

    @Test("a jump of the stream's position asks again at once, and a cap bounds every interval")
    func restartAndCap() {
        // Given a schedule that has reached its steady interval
        var schedule = PulseTimingSchedule()
        _ = asks(&schedule, until: 20_000)
        // When the position jumps (a rewrite, an underflow) at 21 s
        schedule.restart()
        let afterJump = asks(&schedule, from: 21_000, until: 21_050)
        // Then it asks at once, then 10 and 20 ms later
        #expect(afterJump == [21_000, 21_010, 21_030])
        // And with a cap of 1 s (the last frames playing out), no two asks are further apart
        let capped = asks(&schedule, from: 21_051, until: 30_000, cap: 1000 * millisecond)
        #expect(zip(capped.dropFirst(), capped).allSatisfy { $0 - $1 <= 1000 })
        #expect(capped.count >= 8)
    }
}
