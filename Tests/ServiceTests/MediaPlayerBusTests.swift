import Desktop
import Foundation
import ProgramTestSupport
import Testing

/// The MPRIS player in this process, on a private session bus, asked by playerctl from outside
/// while its owner hands it states from another thread: what a sit's loop and the bus thread do
/// at once (and what ThreadSanitizer watches in `make test`).
@Suite(
    "Desktop: the media player's bus thread and its owner",
    .enabled(if: PrivateDBus.playerctlAvailable, "needs dbus-daemon and playerctl (`make test` installs them)"))
struct MediaPlayerBusTests {
    @Test("a session bus that restarts has the player again, showing what plays now")
    func backOnARestartedBus() throws {
        // Given the player on a private bus, a sit playing
        let scratch = try Scratch()
        var bus = try PrivateDBus(in: scratch, mock: nil)
        let player = try MediaPlayerBus.start(
            name: "org.mpris.MediaPlayer2.meditate.test\(getpid())", address: bus.address, state: .idle(canPlay: true)
        ) { _ in }.get()
        defer { player.stop() }
        let meditate = ["-p", "meditate"]
        var session = MediaPlayerState(
            playback: .playing, title: "Sit · 1 min", artist: nil, lengthSeconds: 60, session: 1, canSeek: false,
            canPlay: true, canPause: true, positionSeconds: 5)
        player.update(session)
        #expect(try DesktopBusLiveTests.waitUntil(seconds: 5) { bus.playerctl(meditate + ["status"]) == "Playing" })

        // When the bus stops, the sit is paused meanwhile, and a new bus starts at the same address
        bus.stop()
        try? FileManager.default.removeItem(atPath: String(bus.address.dropFirst("unix:path=".count)))
        session.playback = .paused
        player.update(session)
        Thread.sleep(forTimeInterval: 0.5)
        bus = try PrivateDBus(in: scratch, mock: nil)

        // Then the player is on the new bus within its first retries, showing the sit paused
        #expect(
            try DesktopBusLiveTests.waitUntil(seconds: 10) { bus.playerctl(meditate + ["status"]) == "Paused" },
            "\(bus.playerctl(["-l"]) ?? "no players")")
        #expect(bus.playerctl(meditate + ["metadata", "--format", "{{xesam:title}}"]) == "Sit · 1 min")
    }

    @Test("states handed over from another thread reach playerctl, and its commands reach the owner's mailbox")
    func statesOutCommandsIn() throws {
        // Given the player on a private bus, idle, and a mailbox for its commands
        let scratch = try Scratch()
        let bus = try PrivateDBus(in: scratch, mock: nil)
        let mailbox = try #require(MediaPlayerMailbox())
        let player = try MediaPlayerBus.start(
            name: "org.mpris.MediaPlayer2.meditate.test\(getpid())", address: bus.address, state: .idle(canPlay: true)
        ) { mailbox.post($0) }.get()
        defer { player.stop() }
        let meditate = ["-p", "meditate"]
        #expect(bus.playerctl(meditate + ["status"]) == "Stopped")

        // When a sit plays, its state handed over from a thread of the owner's many times while
        // playerctl reads
        let session = MediaPlayerState(
            playback: .playing, title: "Sit · 1 min", artist: nil, lengthSeconds: 60, session: 1, canSeek: false,
            canPlay: true, canPause: true, positionSeconds: 5)
        let ownerDone = DispatchSemaphore(value: 0)
        let owner = Thread {
            for step in 0..<200 {
                var state = session
                state.positionSeconds = 5 + Double(step) / 100
                player.update(state)
                Thread.sleep(forTimeInterval: 0.002)
            }
            ownerDone.signal()
        }
        owner.start()
        #expect(try DesktopBusLiveTests.waitUntil(seconds: 5) { bus.playerctl(meditate + ["status"]) == "Playing" })
        let shown = bus.playerctl(meditate + ["metadata", "--format", "{{xesam:title}}|{{mpris:length}}"])
        let position = bus.playerctl(meditate + ["position"]).flatMap(Double.init) ?? 0

        // Then playerctl shows it, its position moving on from where it was told
        #expect(shown == "Sit · 1 min|60000000")
        #expect((5...60).contains(position), "position \(position)")

        // When playerctl pauses, plays, asks a seek of a sit (which says it cannot seek) and stops it
        for command in [["pause"], ["play"], ["play-pause"], ["stop"]] {
            #expect(bus.playerctl(meditate + command) != nil, "\(command)")
            if command == ["play-pause"] { #expect(bus.playerctl(meditate + ["position", "10+"]) == nil) }
        }

        // Then the owner finds each in its mailbox, in order, and no seek
        var taken: [MediaPlayerCommand] = []
        let deadline = Date().addingTimeInterval(5)
        while taken.count < 4 && Date() < deadline {
            var ready = pollfd(fd: mailbox.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 100)
            taken += mailbox.take()
        }
        #expect(taken == [.pause, .play, .playPause, .stop])

        // And a state told paused, once the owner's thread is done, is shown paused
        ownerDone.wait()
        var paused = session
        paused.playback = .paused
        player.update(paused)
        #expect(try DesktopBusLiveTests.waitUntil(seconds: 5) { bus.playerctl(meditate + ["status"]) == "Paused" })
    }
}
