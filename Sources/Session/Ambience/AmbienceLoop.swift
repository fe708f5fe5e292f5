import Decoders
import Foundation
import Mixer
import Synchronization

/// A sound file played as the bed of a sit, over and over without a gap: one endless stream that
/// the bed's voice reads like a guided track's, filled ahead by a decoder thread (or, offline, on
/// the caller's thread before each block).
///
/// The seam is an equal-power cross-fade made here, on the decoder's side, not in the mixer: two
/// readers of the same file take turns, the one ending a lap fading out over its last
/// `crossfadeFrames` while the other, sought to the first frame, fades in. The mixer then sees one
/// voice, faded, paused and stopped with the sit like the noise bed, and no lap needs a command
/// of its own (an open-ended sit, a pause, would otherwise have to schedule every lap). Memory
/// stays flat whatever the file's length: the ring and three chunks.
public final class AmbienceLoop: @unchecked Sendable {
    public let stream: StreamSource
    /// Frames each lap adds: the file's length less the cross-fade it shares with the next.
    public let lapFrames: Int
    public let crossfadeFrames: Int
    /// The bed's gain, as a factor: the file brought to pink noise's loudness at `noise-volume`.
    public let gain: Float
    private let readers: [EngineFormatReader]
    private let fileFrames: Int
    private let threaded: Bool
    /// Which reader plays the lap now; the other waits at the file's start for the next seam.
    private var current = 0
    /// What a lap's frames are made in; its last frames are held until more follow, so that a
    /// decode that fails part-way ends the bed with a short fade instead of a step.
    private let chunk = HeldTail(chunkFrames: 4096)
    /// The next lap's first frames, over a seam.
    private let incoming: UnsafeMutablePointer<Float>
    private let feeder: FeederThread
    private let decodeFailure = Mutex<DecoderError?>(nil)
    /// A decode failed: only the held frames are left to write.
    private var failed = false

    /// The loudness (LUFS) of pink noise at full volume (measured: −14.2 LUFS at 0.25). An
    /// ambience at `noise-volume` v is brought to this plus 20·log10(v), so that a sitter who
    /// trades `--noise pink` for a file keeps the bed's level (−18.7 LUFS at the default 0.15).
    public static let bedLoudness = -2.2

    /// The gain that brings a file of `loudness` LUFS and sample `peak` (linear) to the bed's
    /// loudness at `volume`, its peak kept under the ceiling; unmeasured, the file's own level
    /// times `volume`.
    public static func gain(loudness: Double?, peak: Double, volume: Float) -> Float {
        guard volume > 0 else { return 0 }
        let target = bedLoudness + 20 * log10(Double(volume))
        guard loudness != nil else { return volume }
        return LoudnessNormalization(loudness: loudness, peak: peak, target: target).linearGain
    }

    /// The seam's cross-fade, unless asked otherwise.
    public static let defaultCrossfadeMilliseconds = 3000
    /// The cross-fades a person may ask for, in seconds: from a breath to half a minute.
    public static let crossfadeRange: ClosedRange<Float> = 0.1...30
    /// Audio decoded ahead of the mixer, at least: the ring rounds it up to 32 Ki frames (0.68 s
    /// at 48 kHz, 256 KiB). The mixer takes the bed in bursts (the device's queue at the start
    /// and after a pause, 2 s with PulseAudio, then 0.95 s at a time); one larger than the ring
    /// waits a moment for the feeder, which the mixer wakes at once (`StreamSource.producerRest`).
    public static let bufferMilliseconds = 500
    /// How long the feeder rests at most when the mixer does not wake it (it does once half the
    /// ring is free, or when it waits for the feeder): a safety net, not a pace.
    static let feederRestMilliseconds = 1000

    /// Opens `path` twice at `engineRate`. Throws the decoder's error for a file that cannot be
    /// read, and `SoundError.ambienceTooShort` for one shorter than twice the cross-fade (a lap
    /// would be all seam).
    /// - Parameters:
    ///   - threaded: decode on a thread of its own (live playback); otherwise the caller calls
    ///     `fill()` before each block (an offline render, deterministic).
    public init(
        path: String, engineRate: Int, gain: Float, threaded: Bool,
        crossfadeMilliseconds: Int = defaultCrossfadeMilliseconds
    ) throws {
        guard Self.crossfadeRange.contains(Float(crossfadeMilliseconds) / 1000) else {
            throw SoundError.crossfadeOutOfRange(seconds: Double(crossfadeMilliseconds) / 1000)
        }
        let first = try EngineFormatReader(path: path, engineRate: engineRate, decodeAhead: false)
        let crossfade = max(1, crossfadeMilliseconds * engineRate / 1000)
        guard first.frameCount >= 2 * crossfade else {
            throw SoundError.ambienceTooShort(
                path: path, seconds: Double(first.frameCount) / Double(engineRate),
                crossfadeSeconds: Double(crossfade) / Double(engineRate))
        }
        let second = try EngineFormatReader(path: path, engineRate: engineRate, decodeAhead: false)
        readers = [first, second]
        fileFrames = first.frameCount
        crossfadeFrames = crossfade
        lapFrames = first.frameCount - crossfade
        self.gain = gain
        self.threaded = threaded
        stream = StreamSource(bufferFrames: Self.bufferMilliseconds * engineRate / 1000)
        feeder = FeederThread(name: "meditate-bed", rest: stream.producerRest)
        incoming = .allocate(capacity: chunk.chunkFrames * EngineFormat.channels)
    }

    deinit {
        halt()
        incoming.deallocate()
    }

    /// Why the loop stopped early, if a decode failed: the bed then stops (a 10-ms fade where the
    /// decoder stopped) and the sit goes on; a render fails with it.
    public var failure: DecoderError? { decodeFailure.withLock { $0 } }

    /// Render blocks that found the ring empty.
    public var underruns: Int { stream.underruns }

    /// Decodes until the ring is full (on the calling thread), in whole chunks when `batched`:
    /// the feeder then decodes and resamples 4096 frames at a time rather than the few hundred
    /// the mixer freed since its last look.
    public func fill(batched: Bool = false) {
        while !stream.isFinished {
            if failed {
                _ = chunk.flushAndFinish(stream)
                return
            }
            let room = min(chunk.chunkFrames, stream.writableFrames)
            guard room > 0, !batched || room == chunk.chunkFrames else { return }
            do {
                chunk.commit(try produce(room), to: stream)
            } catch {
                decodeFailure.withLock { $0 = error }
                chunk.fadeOut()
                failed = true
            }
        }
    }

    /// Keeps the ring full from a thread of its own until `halt()`. Offline, nothing.
    public func start() {
        guard threaded else { return }
        // Primed on the caller's thread, the ring's producer side moves to the feeder's.
        fill()
        stream.ring.handOverProducer()
        feeder.start { [self] in
            while !feeder.isStopRequested && !stream.isFinished {
                fill(batched: true)
                // Until the mixer has taken half the ring: it wakes the feeder then, so a
                // minute costs a few wake-ups a second, not one every few milliseconds (each
                // costs more than decoding its chunk of WAV).
                feeder.sleep(timeout: .milliseconds(Self.feederRestMilliseconds)) { !stream.isHalfEmpty }
            }
        }
    }

    /// Stops decoding; the voice plays what its ring holds.
    public func halt() {
        feeder.stop()
    }

    /// Makes up to `room` frames of the loop at `chunk.next`, and says how many: the current
    /// lap's body as the file has it, or its seam, where the lap's last frames fall and the next
    /// lap's first rise.
    private func produce(_ room: Int) throws(DecoderError) -> Int {
        let playing = readers[current]
        let seamStart = fileFrames - crossfadeFrames
        let made = chunk.next
        if playing.position < seamStart {
            let got = try playing.read(into: made, maxFrames: min(room, seamStart - playing.position))
            guard got > 0 else { throw .implausibleLength(path: playing.decoder.path) }
            return got
        }
        let next = readers[1 - current]
        if playing.position == seamStart && next.position != 0 { try next.seek(toFrame: 0) }
        let wanted = min(room, fileFrames - playing.position)
        let into = playing.position - seamStart
        let got = try playing.read(into: made, maxFrames: wanted)
        guard got > 0, try readFully(next, into: incoming, frames: got) else {
            throw .implausibleLength(path: playing.decoder.path)
        }
        // Equal power: cos² + sin² = 1, so two unrelated sounds sum to a steady loudness. The
        // gains are taken at the middle of each frame, so the fade is the same read either way.
        let quarter = Double.pi / 2 / Double(crossfadeFrames)
        for frame in 0..<got {
            let angle = (Double(into + frame) + 0.5) * quarter
            let fadingOut = Float(cos(angle))
            let fadingIn = Float(sin(angle))
            for channel in 0..<EngineFormat.channels {
                let sample = frame * EngineFormat.channels + channel
                made[sample] = made[sample] * fadingOut + incoming[sample] * fadingIn
            }
        }
        if playing.position == fileFrames { current = 1 - current }
        return got
    }

    /// Reads exactly `frames` frames unless the file ends first; returns whether it did.
    private func readFully(
        _ reader: EngineFormatReader, into output: UnsafeMutablePointer<Float>, frames: Int
    ) throws(DecoderError) -> Bool {
        var done = 0
        while done < frames {
            let got = try reader.read(into: output + done * EngineFormat.channels, maxFrames: frames - done)
            if got == 0 { return false }
            done += got
        }
        return true
    }
}
