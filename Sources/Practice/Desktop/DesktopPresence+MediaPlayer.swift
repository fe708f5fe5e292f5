import Clock
import Desktop
import Session

/// The session as the desktop's player controls see it (MPRIS), for a one-shot sit or track.
extension DesktopPresence {
    /// Puts the player on the session bus under `name`; nil (a debug line) where there is none.
    package func startMediaPlayer(
        name: String, state: MediaPlayerState, commands: @escaping MediaPlayerBus.Commands
    ) -> MediaPlayerBus? {
        switch MediaPlayerBus.start(name: name, state: state, commands: commands) {
        case let .success(player): return player
        case let .failure(error):
            logger.debug("no media player controls: \(error)")
            return nil
        }
    }

    /// What a live session looks like to the controls: its position is the practice played (the
    /// track's, then the sitting from the start gong), its length the practice planned (the
    /// track and the sitting; none for an open-ended sit). A walk between sits holds the
    /// position, as it holds the time sat.
    package static func mediaState(
        of live: LiveSession, status: LiveStatus, title: String, artist: String?, session: Int = 1
    ) -> MediaPlayerState {
        let outline = live.outline
        let rate = Double(outline.format.sampleRate)
        let over = status.phase == .complete || status.phase == .ended
        let playback: MediaPlayerState.Playback = over ? .stopped : live.isPaused ? .paused : .playing
        return MediaPlayerState(
            playback: playback, title: title, artist: artist,
            lengthSeconds: outline.isOpen ? nil : Double(outline.practiceFrames) / rate,
            session: session, canSeek: !over && outline.hasTrack && status.sessionFrame < outline.trackFrames,
            canPlay: !over, canPause: !over, positionSeconds: Double(status.satFrames) / rate,
            positionAt: MonotonicClock.seconds(), positionMoves: [.playing, .sitting].contains(status.phase))
    }
}
