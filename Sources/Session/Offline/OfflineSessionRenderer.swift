import Decoders
import Mixer
import Outputs

/// Renders a session as fast as the machine allows, through the same mixer as live playback:
/// a timed sit, a guided track, or a guided track and then a sit.
public struct OfflineSessionRenderer {
    /// The sample formats the file can hold: what `meditate render --format` chooses from.
    public typealias FileFormat = SampleFormat

    public let outline: SessionOutline
    public let sounds: GongSounds
    /// The guided track's reader and gain, when the program has a track.
    private let track: (reader: EngineFormatReader, gain: Float)?
    /// The sit's bed when it is a sound file, filled before each block.
    private let ambience: AmbienceLoop?
    /// The mixer's limits: its peak ceiling, which a test may take away to compare.
    public var limits = MixerLimits()

    public init(plan: SessionPlan, gong: SampleBuffer) {
        self.init(plan: plan, sounds: GongSounds(gong))
    }

    /// `ambience` is the bed when the plan asks for one; it must not be playing elsewhere.
    public init(plan: SessionPlan, sounds: GongSounds, ambience: AmbienceLoop? = nil) {
        outline = SessionOutline(plan)
        self.sounds = sounds
        track = nil
        self.ambience = ambience
    }

    /// A program without a track: a sit, or a bell alone.
    public init(outline: SessionOutline, gong: SampleBuffer) {
        precondition(!outline.hasTrack, "a guided outline is rendered with its track")
        self.outline = outline
        sounds = GongSounds(gong)
        track = nil
        ambience = nil
    }

    /// A guided program; `reader` delivers the track at the program's rate, `gain` is its
    /// normalisation.
    public init(outline: SessionOutline, track reader: EngineFormatReader, gain: Float, gong: SampleBuffer) {
        self.init(outline: outline, track: reader, gain: gain, sounds: GongSounds(gong))
    }

    public init(
        outline: SessionOutline, track reader: EngineFormatReader, gain: Float, sounds: GongSounds,
        ambience: AmbienceLoop? = nil
    ) {
        precondition(
            reader.frameCount == outline.trackFrames && reader.engineRate == outline.format.sampleRate,
            "the reader delivers the outline's track")
        self.outline = outline
        self.sounds = sounds
        track = (reader, gain)
        self.ambience = ambience
    }

    /// Frames the render produces.
    public var totalFrames: Int { outline.endFrame(gongFrames: SessionScore.ringOutFrames(sounds, outline.format)) }

    /// Hands every block of the session, in order, to `sink`. A track that fails to decode
    /// part-way stops the render with its error.
    public func render(
        shouldContinue: () -> Bool = { true },
        sink: (UnsafeBufferPointer<Float>) throws -> Void
    ) throws {
        let (controller, renderer) = MixerFactory.make(format: outline.format, limits: limits)
        let score = SessionScore(outline: outline, sounds: sounds, ambience: ambience, controller: controller)
        var commands = score.commands
        let player = track.map { TrackPlayer(reader: $0.reader, gain: $0.gain, threaded: false) }
        if let player {
            let fade = outline.format.frames(milliseconds: TrackPlayer.openingFadeMilliseconds)
            commands.insert(try player.play(from: 0, at: 0, fadeFrames: fade, controller: controller), at: 0)
        }
        var schedule = CommandSchedule(commands)
        let driver = OfflineDriver(controller: controller, renderer: renderer)
        try driver.run(
            &schedule, totalFrames: score.endFrame, shouldContinue: shouldContinue,
            prepareBlock: { () throws(DecoderError) in
                player?.fill()
                if let failure = player?.failure { throw failure }
                ambience?.fill()
                if let failure = ambience?.failure { throw failure }
            }, sink: sink)
    }

    /// Writes the session to a WAV file; on any failure or cancellation no file is left behind.
    /// Returns false when `shouldContinue` stopped it.
    @discardableResult
    public func render(
        to path: String, format: FileFormat,
        shouldContinue: () -> Bool = { true }
    ) throws -> Bool {
        let writer = try AudioFileWriter(
            destination: path, sampleRate: outline.format.sampleRate, format: format,
            expectedFrames: totalFrames)
        var completed = true
        do {
            try render(shouldContinue: {
                completed = shouldContinue()
                return completed
            }) { block in
                try writer.write(block)
            }
        } catch {
            writer.abandon()
            throw error
        }
        guard completed else {
            writer.abandon()
            return false
        }
        try writer.commit()
        return true
    }
}
