import Rings
import Synchronization

/// The lock-free queues and counters shared by one mixer's control side and render side.
final class MixerRings: @unchecked Sendable {
    /// Control → render.
    let commands: SPSCRing<TimedCommand>
    /// Render → control.
    let events: SPSCRing<MixerEvent>
    /// Render → control: objects to free off the render thread.
    let retired: SPSCRing<RetiredObject>
    /// Frames the renderer has produced so far.
    let renderedFrames = Atomic<Int>(0)
    /// Events the renderer had to drop because `events` was full.
    let droppedEvents = Atomic<Int>(0)

    init(commandCapacity: Int, maxVoices: Int) {
        commands = SPSCRing(minimumCapacity: commandCapacity)
        events = SPSCRing(minimumCapacity: max(256, maxVoices * 4))
        retired = SPSCRing(minimumCapacity: max(256, maxVoices * 4))
    }
}
