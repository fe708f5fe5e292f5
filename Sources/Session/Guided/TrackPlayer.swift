import Decoders
import Mixer

/// The control side of the guided track's voice. The track can start from any of its frames —
/// at the session's start, after a pause, after a seek — each time as a fresh stream whose ring
/// is filled before its voice is sent, and it stops with a fade.
public final class TrackPlayer {
    public let reader: EngineFormatReader
    /// The normalisation gain, as a factor.
    public let gain: Float
    private let bufferSeconds: Int
    private let threaded: Bool
    private var streamer: TrackStreamer?
    private var voice: VoiceID?
    private var earlierUnderruns = 0
    private var earlierFailure: DecoderError?

    /// Seconds of a guided track decoded ahead of the mixer. Two ride out a busy Raspberry Pi;
    /// the ring is a power of two of samples, so 2 s at 48 kHz take 1 MiB where 4 s would take 2.
    public static let defaultBufferSeconds = 2

    /// - Parameters:
    ///   - threaded: decode on a thread of its own (live playback); otherwise the caller calls
    ///     `fill()` before each block (an offline render, deterministic).
    ///   - bufferSeconds: decoded ahead.
    public init(reader: EngineFormatReader, gain: Float, threaded: Bool, bufferSeconds: Int = defaultBufferSeconds) {
        self.reader = reader
        self.gain = gain
        self.threaded = threaded
        self.bufferSeconds = bufferSeconds
    }

    deinit { halt() }

    /// The fade-in at the track's first frame: a track that opens on sound does not click.
    public static let openingFadeMilliseconds = 10

    /// The track's length in engine frames.
    public var frameCount: Int { reader.frameCount }

    /// Why the track stopped before its end, if a decode failed (in a stream since stopped, or
    /// in the one playing).
    public var failure: DecoderError? { earlierFailure ?? streamer?.failure }

    /// Whether the mixer has played every frame decoded before the failure, or no stream plays.
    public var hasPlayedOut: Bool { streamer?.stream.isPlayedOut ?? true }

    /// The voice of the stream playing now (or last), once one has been sent.
    public var voiceID: VoiceID? { voice }

    /// Render blocks that found the track's ring empty, over every stream so far.
    public var underruns: Int { earlierUnderruns + (streamer?.stream.underruns ?? 0) }

    /// Decodes the track from `position` ahead and returns the command that plays it from
    /// session-stream frame `frame`, rising over `fadeFrames` (0: at once, as at the start).
    public func play(
        from position: Int, at frame: Int, fadeFrames: Int,
        controller: MixerController
    ) throws(DecoderError) -> TimedCommand {
        halt()
        if reader.position != position { try reader.seek(toFrame: position) }
        let streamer = TrackStreamer(reader: reader, bufferSeconds: bufferSeconds)
        streamer.fill()
        if threaded { streamer.start() }
        self.streamer = streamer
        let id = controller.makeVoiceID()
        voice = id
        return TimedCommand(
            frame: frame,
            .play(
                id, .stream(streamer.stream), bus: .guided, gain: gain,
                fadeFrames: fadeFrames, curve: .equalPower))
    }

    /// The command that fades the track out from `frame`, or nil when it is not playing. The
    /// decoder stops at once: the ring holds seconds, far more than the fade needs.
    public func stop(at frame: Int, fadeFrames: Int) -> TimedCommand? {
        guard let voice else { return nil }
        self.voice = nil
        halt()
        return TimedCommand(frame: frame, .stop(voice, fadeFrames: fadeFrames, curve: .equalPower))
    }

    /// Keeps an offline stream's ring full, on the calling thread.
    public func fill() {
        guard !threaded, let streamer else { return }
        streamer.fill()
    }

    /// Stops decoding (the voice, if any, plays what its ring holds).
    public func halt() {
        guard let streamer else { return }
        streamer.stop()
        if let error = streamer.failure { earlierFailure = error }
        earlierUnderruns += streamer.stream.underruns
        self.streamer = nil
    }
}
