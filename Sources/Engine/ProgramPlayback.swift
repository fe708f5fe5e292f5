import Mixer
import Outputs

/// What the engine's output thread keeps of one program (an `EngineProgram`): where it stands in its
/// mixer's frames, which device frames were which of them, and its fades. Owned by the output
/// thread; device frames are the engine's, counted over every device it opened.
struct ProgramPlayback: ~Copyable {
    /// What the program is giving the device.
    enum Mode {
        /// The mixer's frames.
        case playing
        /// Silence, while paused; playback stands at this mixer frame.
        case held(at: Int)
        /// The stream has run out: silence while the device plays what it holds of it, to this
        /// device frame (a device that can take back what it holds: a pause may still come).
        case finishing(contentEnd: Int)
        /// Nothing more is heard; the program ends once the device has played up to this frame.
        case ending(after: Int)
    }

    /// What happens when a fade in progress is over.
    enum AfterFade {
        case playOn
        case hold(at: Int)
        /// Play on from mixer frame `to`, fading in over `fadeIn`.
        case cut(to: Int, fadeIn: Int)
        case end
    }

    var history: SourceHistory
    var segments = DeviceSegments()
    var mode = Mode.playing
    var gain = GainRamp(value: 1)
    var fadeLeft = 0
    var afterFade = AfterFade.playOn
    /// The device frame the program's first frame is played at: its clock counts from there.
    var start = 0
    /// The last device frame the clock may reach: where the stream ended, before the silence
    /// written over what the device still held.
    var clockLimit = Int.max
    /// The device frame where the last pause's silence began.
    var heldSince = 0
    /// The engine's underruns when the program started, for its own count.
    var underrunsBefore = 0
    /// Whether the first of its frames has been written.
    var wroteFirst = false

    /// Thread: output.
    init(history: consuming SourceHistory) {
        self.history = history
    }

    /// Thread: output.
    mutating func fade(to target: Float, frames: Int, then after: AfterFade) {
        gain.ramp(to: target, frames: frames, curve: .equalPower)
        fadeLeft = frames
        afterFade = after
    }

    /// Whether its mixer's frames are being played (or faded).
    var isPlaying: Bool {
        if case .playing = mode { return true }
        return false
    }

    /// Whether it plays silence for a pause.
    var isHeld: Bool {
        if case .held = mode { return true }
        return false
    }
}
