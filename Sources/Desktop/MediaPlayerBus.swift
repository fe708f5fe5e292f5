import CMediaPlayer
import CSystemd
import Clock
import Foundation
import Rings

/// meditate as a media player on the desktop's session bus (MPRIS2): the media keys, the
/// shell's player controls and `playerctl` see what plays and can pause, play, stop and seek
/// it. One name per process: the service's `org.mpris.MediaPlayer2.meditate`, a one-shot sit's
/// `….meditate.instance<PID>`.
///
/// Thread: a bus thread of its own (`meditate-mpris`) owns the connection and sleeps in poll()
/// on the bus and a wake-up pipe, with no timer: it wakes when a client calls, or when the owner
/// hands it a new state (`update`) to announce. A bus that goes away is tried again (backing off
/// to 30 s) until the owner stops it. Commands reach the owner through `commands`, on
/// the bus thread. Never an audio thread.
public final class MediaPlayerBus: @unchecked Sendable {
    public typealias Commands = @Sendable (MediaPlayerCommand) -> Void

    private let name: String
    /// A bus's address, or nil for the session bus of the environment (DBUS_SESSION_BUS_ADDRESS,
    /// else the user's runtime folder), as every D-Bus client finds it.
    private let address: String?
    private let commands: Commands
    private let artURL: String?
    private let lock = NSLock()
    // Under `lock`: what the owner said last, a jump to announce, and whether to stop.
    private var state: MediaPlayerState
    private var jumped = false
    private var stopping = false
    private var started: Result<Void, DesktopBusError>?
    private let wakeUp: WakePipe
    private let ended = DispatchSemaphore(value: 0)
    private let ready = DispatchSemaphore(value: 0)

    /// The name a process takes: the service's, or a one-shot's beside it.
    public static func busName(service: Bool) -> String {
        service ? "org.mpris.MediaPlayer2.meditate" : "org.mpris.MediaPlayer2.meditate.instance\(getpid())"
    }

    /// How long `start` waits for the bus to answer before it lets the owner go on.
    static let startWaitSeconds = 1.0

    private init(
        name: String, address: String?, state: MediaPlayerState, commands: @escaping Commands, wakeUp: WakePipe
    ) {
        self.name = name
        self.address = address
        self.state = state
        self.commands = commands
        self.wakeUp = wakeUp
        artURL = Self.installedIcon()
    }

    /// Connects to the session bus (or the bus at `address`), puts the player there under
    /// `name`, and serves it until `stop`. Fails (with the reason, for a debug line) where there
    /// is no session bus.
    public static func start(
        name: String, address: String? = nil, state: MediaPlayerState, commands: @escaping Commands
    ) -> Result<MediaPlayerBus, DesktopBusError> {
        guard let wakeUp = WakePipe() else { return .failure(DesktopBusError(status: -errno, call: "pipe")) }
        let player = MediaPlayerBus(name: name, address: address, state: state, commands: commands, wakeUp: wakeUp)
        let thread = Thread {
            // Named from inside: Foundation does not give the kernel a name set before the start.
            Thread.current.name = "meditate-mpris"
            player.serve()
        }
        thread.start()
        // A bus that hangs costs the sit a second at most: the thread goes on trying.
        _ = player.ready.wait(timeout: .now() + startWaitSeconds)
        if case let .failure(error)? = player.lock.withLock({ player.started }) {
            _ = player.ended.wait(timeout: .now() + startWaitSeconds)
            return .failure(error)
        }
        return .success(player)
    }

    /// Tells the desktop what plays now; the bus thread announces what changed.
    public func update(_ new: MediaPlayerState, jumped: Bool = false) {
        let changed = lock.withLock { () -> Bool in
            let changed = state.changedProperties(from: new).isEmpty == false || jumped
            state = new
            if jumped { self.jumped = true }
            return changed
        }
        if changed { wakeUp.wake() }
    }

    /// Leaves the bus (the name goes with the connection); waits up to a second for the thread.
    public func stop() {
        lock.withLock { stopping = true }
        wakeUp.wake()
        _ = ended.wait(timeout: .now() + Self.startWaitSeconds)
    }

    // MARK: The bus thread

    /// How a connection to the bus ended.
    private enum Ending {
        /// Stopped by the owner.
        case stopped
        /// Never made (no bus, the name taken): at the start, the owner is told.
        case notMade(DesktopBusError)
        /// The bus went away (a session bus restarted, a logout and login).
        case lost
    }

    /// The longest wait between tries to reach a bus that went away.
    static let longestRetrySeconds = 30.0

    /// Serves the player until `stop`. A bus that goes away is tried again, 1 s after, then
    /// twice as long each time up to `longestRetrySeconds`, and the player put there again:
    /// a session bus restarted under the service would otherwise leave it silent on the new one.
    private func serve() {
        defer { ended.signal() }
        BusThread.leaveSignalsToOthers()
        var first = true
        var wait = 1.0
        while true {
            switch serveOnce(first: first) {
            case .stopped: return
            case let .notMade(error) where first:
                finishStart(.failure(error))
                return
            case .lost:
                // It was served: the next loss waits from the start again.
                wait = 1.0
            case .notMade: break
            }
            first = false
            if waitOrStop(seconds: wait) { return }
            wait = min(wait * 2, Self.longestRetrySeconds)
        }
    }

    /// Sleeps `seconds` unless the owner stops the player first; whether it did.
    private func waitOrStop(seconds: Double) -> Bool {
        let deadline = MonotonicClock.seconds() + seconds
        while true {
            if lock.withLock({ stopping }) { return true }
            let left = deadline - MonotonicClock.seconds()
            if left <= 0 { return false }
            var descriptor = pollfd(fd: wakeUp.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(clamping: Int((left * 1000).rounded(.up))))
            wakeUp.drain()
        }
    }

    /// One connection: opened, the player put on it under `name`, served until it is lost or
    /// the owner stops.
    private func serveOnce(first: Bool) -> Ending {
        var opened: OpaquePointer?
        let status = address.map { Self.connect(&opened, to: $0) } ?? sd_bus_open_user(&opened)
        guard status >= 0, let bus = opened else { return .notMade(DesktopBusError(status: status, call: "open")) }
        defer { sd_bus_flush_close_unref(bus) }
        let handlers = UnsafeMutablePointer<meditate_media_player_handlers>.allocate(capacity: 1)
        defer { handlers.deallocate() }
        handlers.initialize(
            to: meditate_media_player_handlers(
                context: Unmanaged.passUnretained(self).toOpaque(),
                get: { context, interface, property, reply in
                    guard let context, let interface, let property, let reply else { return -EINVAL }
                    let player = Unmanaged<MediaPlayerBus>.fromOpaque(context).takeUnretainedValue()
                    return player.value(of: String(cString: property), in: String(cString: interface))?
                        .append(to: reply) ?? -ENOENT
                },
                call: { context, _, member, message in
                    guard let context, let member, let message else { return -EINVAL }
                    let player = Unmanaged<MediaPlayerBus>.fromOpaque(context).takeUnretainedValue()
                    return player.call(String(cString: member), message)
                }))
        var root: OpaquePointer?
        var player: OpaquePointer?
        let added = meditate_media_player_add(bus, handlers, &root, &player)
        defer {
            sd_bus_slot_unref(player)
            sd_bus_slot_unref(root)
        }
        guard added >= 0 else { return .notMade(DesktopBusError(status: added, call: "add object")) }
        let requested = sd_bus_request_name(bus, name, 0)
        guard requested >= 0 else { return .notMade(DesktopBusError(status: requested, call: "RequestName \(name)")) }
        if first { finishStart(.success(())) }
        // A new bus's clients ask for the properties themselves: what is announced is what
        // changes from now on.
        var announced = lock.withLock { state }
        while true {
            var processed: Int32
            repeat { processed = sd_bus_process(bus, nil) } while processed > 0
            guard processed >= 0 else { return .lost }
            let (now, jump, stop) = lock.withLock { () -> (MediaPlayerState, Bool, Bool) in
                defer { jumped = false }
                return (state, jumped, stopping)
            }
            if stop { return .stopped }
            let changed = announced.changedProperties(from: now)
            if !changed.isEmpty {
                announced = now
                Self.announce(changed, on: bus)
            }
            if jump { _ = meditate_media_player_seeked(bus, now.positionMicroseconds(now: MonotonicClock.seconds())) }
            guard changed.isEmpty && !jump else { continue }
            BusThread.sleep(on: bus, wakeUp: wakeUp)
        }
    }

    /// A client's connection to the bus at `address`: what sd_bus_open_user does with the
    /// address it finds.
    private static func connect(_ bus: inout OpaquePointer?, to address: String) -> Int32 {
        var status = sd_bus_new(&bus)
        guard status >= 0, let made = bus else { return status }
        status = sd_bus_set_address(made, address)
        if status >= 0 { status = sd_bus_set_bus_client(made, 1) }
        if status >= 0 { status = sd_bus_start(made) }
        if status < 0 {
            sd_bus_unref(made)
            bus = nil
        }
        return status
    }

    private func finishStart(_ result: Result<Void, DesktopBusError>) {
        lock.withLock { started = result }
        ready.signal()
    }

    /// PropertiesChanged with the new values.
    private static func announce(_ names: [String], on bus: OpaquePointer) {
        var copies: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) }
        copies.append(nil)
        defer { for copy in copies { free(copy) } }
        _ = copies.withUnsafeMutableBufferPointer { meditate_media_player_changed(bus, $0.baseAddress) }
    }

    /// The icon `make install` and the package put beside the program, as a file URL; nil where
    /// there is none (a build tree).
    private static func installedIcon() -> String? {
        guard let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let prefix = URL(fileURLWithPath: program).deletingLastPathComponent().deletingLastPathComponent()
        let icon = prefix.appendingPathComponent("share/icons/hicolor/scalable/apps/meditate.svg")
        return FileManager.default.fileExists(atPath: icon.path) ? icon.absoluteString : nil
    }

    // MARK: Properties and methods

    private func value(of property: String, in interface: String) -> DesktopBusArgument? {
        let state = lock.withLock { self.state }
        switch property {
        case "CanQuit", "CanRaise", "HasTrackList", "CanGoNext", "CanGoPrevious": return .boolean(false)
        case "Identity": return .string("meditate")
        case "DesktopEntry": return .string(MediaPlayerState.desktopEntry)
        case "SupportedUriSchemes", "SupportedMimeTypes": return .strings([])
        case "PlaybackStatus": return .string(state.playback.rawValue)
        case "Rate", "Volume", "MinimumRate", "MaximumRate": return .double(1)
        case "Metadata": return metadata(state)
        case "Position": return .int64(state.positionMicroseconds(now: MonotonicClock.seconds()))
        case "CanPlay": return .boolean(state.canPlay)
        case "CanPause": return .boolean(state.canPause)
        case "CanSeek": return .boolean(state.canSeek)
        case "CanControl": return .boolean(true)
        default: return nil
        }
    }

    private func metadata(_ state: MediaPlayerState) -> DesktopBusArgument {
        var entries: [DesktopBusArgument.Entry] = [.init("mpris:trackid", .objectPath(state.trackID))]
        if let title = state.title { entries.append(.init("xesam:title", .string(title))) }
        if let artist = state.artist { entries.append(.init("xesam:artist", .strings([artist]))) }
        if let length = state.lengthSeconds { entries.append(.init("mpris:length", .int64(Int64(length * 1_000_000)))) }
        if state.session > 0, let artURL { entries.append(.init("mpris:artUrl", .string(artURL))) }
        return .dictionary(entries)
    }

    /// Carries out a method call; 0 or a negative errno (the caller's error).
    private func call(_ member: String, _ message: OpaquePointer) -> Int32 {
        switch member {
        case "Play": commands(.play)
        case "Pause": commands(.pause)
        case "PlayPause": commands(.playPause)
        case "Stop": commands(.stop)
        case "Seek":
            var offset: Int64 = 0
            let read = sd_bus_message_read_basic(message, CChar(bitPattern: UInt8(ascii: "x")), &offset)
            guard read > 0 else { return min(read, -EINVAL) }
            guard lock.withLock({ state.canSeek }) else { return 0 }
            commands(.seek(bySeconds: Double(offset) / 1_000_000))
        case "SetPosition":
            var path: UnsafePointer<CChar>?
            var position: Int64 = 0
            let readPath = sd_bus_message_read_basic(message, CChar(bitPattern: UInt8(ascii: "o")), &path)
            guard readPath > 0, let path else { return min(readPath, -EINVAL) }
            let track = String(cString: path)
            let readPosition = sd_bus_message_read_basic(message, CChar(bitPattern: UInt8(ascii: "x")), &position)
            guard readPosition > 0 else { return min(readPosition, -EINVAL) }
            // MPRIS: a stale track id, or a position past the end, is ignored.
            let state = lock.withLock { self.state }
            guard state.canSeek, track == state.trackID, position >= 0,
                Double(position) / 1_000_000 <= state.lengthSeconds ?? .infinity
            else { return 0 }
            commands(.seekTo(seconds: Double(position) / 1_000_000))
        case "OpenUri": return -EOPNOTSUPP
        default: break  // Raise, Quit, Next, Previous: nothing to do, as CanRaise and the rest say.
        }
        return 0
    }
}
