import Clock
import Control
import Desktop
import Foundation
import Localization
import Logging
import NIOConcurrencyHelpers
import Settings

/// The service as the desktop's media player (MPRIS, `org.mpris.MediaPlayer2.meditate`): the
/// media keys, the shell's controls and `playerctl` see the session that owns the audio and
/// pause, resume, stop and seek it, and Play on an idle service starts a sit as configured.
///
/// Like the MQTT bridge it is a client of the service's own socket: a key becomes the same
/// request `meditate ctl` sends, with the same checks. Threads: the bus's (`meditate-mpris`),
/// which carries the commands out on its own connection; a follower (`meditate-mpr-ev`)
/// that sleeps on the service's events (no timer: an idle service wakes nobody) and hands the
/// bus each new state.
package final class MediaPlayerBridge: @unchecked Sendable {
    private let socket: String
    private let logger: Logger
    /// The bus thread's connection for the commands.
    private let commands: ServiceCaller
    private let stopped = NIOLockedValueBox(false)
    private let player = NIOLockedValueBox<MediaPlayerBus?>(nil)
    /// The state the follower saw last, for PlayPause to choose (under its lock).
    private let last = NIOLockedValueBox(MediaPlayerState.idle(canPlay: true))

    private init(socket: String, logger: Logger) {
        self.socket = socket
        self.logger = logger
        commands = ServiceCaller(socket: socket)
    }

    /// Puts the service on the session bus; nil (a debug line) where there is none.
    package static func start(socket: String, logger: Logger) -> MediaPlayerBridge? {
        let bridge = MediaPlayerBridge(socket: socket, logger: logger)
        let started = MediaPlayerBus.start(
            name: MediaPlayerBus.busName(service: true), state: .idle(canPlay: true)
        ) { [weak bridge] command in bridge?.carryOut(command) }
        switch started {
        case let .failure(error):
            logger.debug("no media player controls: \(error)")
            return nil
        case let .success(bus):
            bridge.player.withLockedValue { $0 = bus }
            logger.info(
                "\(localized("media player controls on the session bus", de: "Mediensteuerung auf dem Sitzungsbus"))")
            Thread.detachNewThread { [bridge] in
                Thread.current.name = "meditate-mpr-ev"
                bridge.follow()
            }
            return bridge
        }
    }

    /// Leaves the bus; the follower ends with the service's socket.
    package func stop() {
        stopped.withLockedValue { $0 = true }
        player.withLockedValue { $0 }?.stop()
    }

    // MARK: The bus thread

    private func carryOut(_ command: MediaPlayerCommand) {
        let state = last.withLockedValue { $0 }
        let request: (String, JSONValue)
        switch (command, state.playback) {
        case (.pause, _): request = ("pause", [:])
        case (.stop, _): request = ("stop", [:])
        case (.play, .paused), (.playPause, .paused): request = ("resume", [:])
        case (.play, .playing): return
        case (.playPause, .playing): request = ("pause", [:])
        case (.play, .stopped), (.playPause, .stopped):
            // A sit as config.toml has it: what the page's Begin and MQTT's start send.
            request = ("sit.start", [:])
        case let (.seek(bySeconds: seconds), _): request = ("seek", ["by": .finite(seconds)])
        case let (.seekTo(seconds: seconds), _): request = ("seek", ["to": .finite(seconds)])
        }
        do {
            _ = try commands.call(request.0, request.1)
        } catch {
            logger.info("MPRIS \(request.0): \(error.line)")
        }
    }

    // MARK: The follower thread

    private func follow() {
        while !stopped.withLockedValue({ $0 }) {
            do {
                let service = try ControlClient(path: socket)
                let subscribed = try service.call("subscribe")
                show(subscribed["status"])
                while !stopped.withLockedValue({ $0 }) {
                    // Events only: a day's wait is no timer.
                    guard try service.nextEvent(timeoutMilliseconds: 86_400_000) != nil else { continue }
                    show(try service.call("status"))
                }
            } catch {
                guard !stopped.withLockedValue({ $0 }) else { return }
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }

    private func show(_ status: JSONValue?) {
        let state = Self.state(of: status)
        last.withLockedValue { $0 = state }
        player.withLockedValue { $0 }?.update(state)
    }

    /// The protocol's `status` as the desktop's player shows it.
    static func state(of status: JSONValue?) -> MediaPlayerState {
        guard let session = status?["session"], let phase = session["phase"]?.stringValue else {
            return .idle(canPlay: true)
        }
        let guided = session["kind"] == "guided"
        let over = phase == "complete" || phase == "ended"
        let description = session["description"]?.stringValue ?? ""
        let planned = session["plannedSeconds"]?.numberValue ?? 0
        // A track's position to the frame; a sit's in whole seconds, as the status has it.
        let position =
            guided && phase == "playing"
            ? session["elapsedSeconds"]?.numberValue : session["satSeconds"]?.numberValue
        return MediaPlayerState(
            playback: over ? .stopped : phase == "paused" ? .paused : .playing,
            title: guided
                ? session["title"]?.stringValue ?? description : localized("Sit", de: "Sitzen") + " · " + description,
            artist: session["teacher"]?.stringValue,
            lengthSeconds: session["open"] == true || planned <= 0 ? nil : planned,
            session: session["id"]?.intValue ?? 1, canSeek: guided && phase == "playing", canPlay: true,
            canPause: !over, positionSeconds: position ?? 0, positionAt: MonotonicClock.seconds(),
            // satSeconds holds while walking between sits.
            positionMoves: ["playing", "sitting"].contains(phase))
    }
}
