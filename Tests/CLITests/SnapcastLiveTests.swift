import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A sit through the Snapcast backend, heard in two rooms: a private snapserver reads the
/// service's FIFO, and two snapclients play into two sinks of the private PulseAudio server,
/// recorded as one four-channel capture.
@Suite("the service heard in every room through Snapcast", .serialized)
struct SnapcastLiveTests {
    let rate = 48_000
    /// snapserver's own default buffer, as a retreat house would run it.
    static let bufferMilliseconds = 1000

    @Test(
        "every bell of a sit reaches both rooms at the same instant, in the offline render's order and at the instant the service reports, and a room's client killed and started again hears the rest",
        .enabled(if: PulseCapture.available && PrivateSnapcast.available, "needs the private servers of `make test`"))
    func sitHeardInTwoRooms() throws {
        // Given two rooms on the sink's server, a private snapserver with a client in each, a
        // service feeding snapserver's FIFO, and both rooms recorded on the wall clock
        let lock = PulseSinkLock()
        defer { withExtendedLifetime(lock) {} }
        let scratch = try Scratch()
        let rooms = try TwoRoomSinks(named: "meditate_rooms")
        let snapcast = try PrivateSnapcast(in: scratch, bufferMilliseconds: Self.bufferMilliseconds)
        defer { snapcast.stop() }
        let streamsBefore = try TwoRoomSinks.streams()
        try snapcast.startClient("hall", sink: rooms.roomA)
        try snapcast.startClient("garden", sink: rooms.roomB)
        try waitForStreams(streamsBefore + 2)
        let service = try RunningService(
            ["--backend", "snapcast", "--device", snapcast.fifo], scratch: scratch,
            environment: ["MEDITATE_SNAPCAST_BUFFER_MS": "\(Self.bufferMilliseconds)"])
        defer { service.stop() }
        let events = try service.subscriber()
        let capture = try WallClockCapture(device: rooms.monitor, channels: 4)

        // When a 15-second sit with bells every 3 s starts
        let plan = ["minutes": "0.25", "interval": "0.05", "gong": "bell"]
        _ = try service.client().call(
            "sit.start", .object(plan.mapValues { .string($0) }.merging(["countdown": 0]) { $1 }))
        // And the garden's client is killed just after the bell at 6 s, and started again 1 s later
        var bells: [Double] = []
        var restartedAt = 0.0
        while let event = try events.nextEvent(timeoutMilliseconds: 30_000), event["event"] != "session-ended" {
            guard event["event"] == "bell", let at = event["at"]?.numberValue else { continue }
            bells.append(at)
            if bells.count == 3 {
                Thread.sleep(forTimeInterval: max(0, at + 0.3 - Date().timeIntervalSince1970))
                snapcast.killClient("garden")
                Thread.sleep(forTimeInterval: 1)
                restartedAt = Date().timeIntervalSince1970
                try snapcast.startClient("garden", sink: rooms.roomB)
            }
        }
        Thread.sleep(forTimeInterval: 0.5)
        let (samples, start) = capture.stop()
        let hall = stereoPair(samples, 0)
        let garden = stereoPair(samples, 1)

        // Then the hall hears the start gong, the four bells and the completion gong, 3 s apart
        // as in the offline render of the same sit (within 30 ms)
        let heard = strikeOnsets(hall)
        try #require(heard.count == 6, "hall's onsets at \(heard.map { Double($0) / Double(rate) })")
        let rendered = try renderedOnsets(plan, in: scratch)
        try #require(rendered.count == 6, "render's onsets at \(rendered)")
        for (onset, planned) in zip(heard, rendered) {
            let apart = Double(onset - heard[0]) / Double(rate), expected = Double(planned - rendered[0]) / Double(rate)
            #expect(
                abs(apart - expected) <= 0.030, "bell \(apart) s after the start gong; the render has \(expected) s")
        }
        // And each bell, the start gong too, was heard at the instant the service told (its
        // reports include snapserver's buffer): within 50 ms on the wall clock
        try #require(bells.count == 6, "bell events at \(bells)")
        for (onset, told) in zip(heard, bells) {
            let error = start + Double(onset) / Double(rate) - told
            #expect(abs(error) <= 0.050, "a bell was heard \(Int(error * 1000)) ms from the instant the service told")
        }
        // And the garden hears the same bells at the same instant (within 2 ms): the three before
        // its client was killed, and every one after it was back for a second
        let back = restartedAt + 1
        let shared = heard.indices.filter { $0 < 3 || start + Double(heard[$0]) / Double(rate) > back }
        #expect(shared.count >= 5, "only \(shared.count) bells after the garden came back")
        let gardenOnsets = strikeOnsets(garden)
        for index in shared {
            let match = gardenOnsets.contains { abs($0 - heard[index]) <= rate / 100 }
            #expect(match, "bell \(index) not heard in the garden; its onsets: \(gardenOnsets)")
            let lag = lagFrames(hall, garden, at: max(0, heard[index] - rate / 200), most: rate / 100)
            #expect(abs(lag) <= rate / 500, "bell \(index): the garden heard it \(lag) frames after the hall")
        }
        // And the sit is in the history, complete
        #expect(try service.history()[0]?["completed"] == true)
    }

    /// Waits until `count` streams play into the server's sinks: the clients are connected.
    private func waitForStreams(_ count: Int) throws {
        let deadline = Date().addingTimeInterval(10)
        while try TwoRoomSinks.streams() < count {
            guard Date() < deadline else {
                throw PrivateSnapcast.Failure(description: "the snapclients did not start playing")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The strike onsets of the same sit rendered offline (the start gong on its first frame,
    /// after 100 ms of silence put before it for the onset finder's look back).
    private func renderedOnsets(_ plan: [String: String], in scratch: Scratch) throws -> [Int] {
        let path = scratch.path("render.wav")
        let options = plan.sorted { $0.key < $1.key }.flatMap { ["--\($0.key)", $0.value] }
        let result = try CLIRunner.run(["render"] + options + ["--countdown", "0", "--format", "f32", "-o", path])
        try #require(result.status == 0, "\(result.stderr)")
        let lead = rate / 10
        return strikeOnsets([Float](repeating: 0, count: 2 * lead) + (try wavFloats(atPath: path))).map { $0 - lead }
    }
}
