import Clock

/// What the desktop's player controls show of a session (MPRIS's Player properties): playing,
/// paused or stopped, what plays and how long it is, where it is, and what may be asked of it.
public struct MediaPlayerState: Equatable, Sendable {
    public enum Playback: String, Sendable {
        case playing = "Playing"
        case paused = "Paused"
        case stopped = "Stopped"
    }

    public var playback: Playback
    /// The session's title ("Sit · 20 min · pink noise", a track's name); nil: nothing loaded.
    public var title: String?
    /// A guided track's teacher.
    public var artist: String?
    /// Its length; nil for an open-ended sit.
    public var lengthSeconds: Double?
    /// The session's number: a new session is a new track (`mpris:trackid`).
    public var session: Int
    public var canSeek: Bool
    public var canPlay: Bool
    public var canPause: Bool
    /// Where the session was (seconds into it) at `positionAt` on the monotonic clock; it moves
    /// on from there while playing, so a client that asks is told without a wake-up per second.
    public var positionSeconds: Double
    public var positionAt: Double
    /// Whether the position moves on while playing (not in a countdown, or a gong ringing out).
    public var positionMoves: Bool

    /// The desktop entry's id (its file's name less `.desktop`), for the shell to find the icon.
    public static let desktopEntry = "io.github.meditate.Meditate"

    /// Nothing playing: a stopped player that can be asked to play.
    public static func idle(canPlay: Bool) -> MediaPlayerState {
        MediaPlayerState(
            playback: .stopped, title: nil, artist: nil, lengthSeconds: nil, session: 0, canSeek: false,
            canPlay: canPlay, canPause: false, positionSeconds: 0, positionAt: 0, positionMoves: false)
    }

    public init(
        playback: Playback, title: String?, artist: String?, lengthSeconds: Double?, session: Int, canSeek: Bool,
        canPlay: Bool, canPause: Bool, positionSeconds: Double, positionAt: Double = MonotonicClock.seconds(),
        positionMoves: Bool = true
    ) {
        self.playback = playback
        self.title = title
        self.artist = artist
        self.lengthSeconds = lengthSeconds
        self.session = session
        self.canSeek = canSeek
        self.canPlay = canPlay
        self.canPause = canPause
        self.positionSeconds = positionSeconds
        self.positionAt = positionAt
        self.positionMoves = positionMoves
    }

    /// The position now, in microseconds (MPRIS's unit), no further than the length.
    func positionMicroseconds(now: Double) -> Int64 {
        var seconds = positionSeconds + (playback == .playing && positionMoves ? max(0, now - positionAt) : 0)
        if let lengthSeconds { seconds = min(seconds, lengthSeconds) }
        return Int64(max(0, seconds) * 1_000_000)
    }

    /// The `mpris:trackid` of the session: an object path of our own.
    var trackID: String {
        session > 0 ? "/io/github/meditate/session/\(session)" : "/org/mpris/MediaPlayer2/TrackList/NoTrack"
    }

    /// The Player properties whose announced value differs between `self` and `other`
    /// (Position is never announced: clients extrapolate it).
    func changedProperties(from other: MediaPlayerState) -> [String] {
        var names: [String] = []
        if playback != other.playback { names.append("PlaybackStatus") }
        if title != other.title || artist != other.artist || lengthSeconds != other.lengthSeconds
            || session != other.session
        {
            names.append("Metadata")
        }
        if canPlay != other.canPlay { names.append("CanPlay") }
        if canPause != other.canPause { names.append("CanPause") }
        if canSeek != other.canSeek { names.append("CanSeek") }
        return names
    }
}
