/// The control side of a mixer: used from one ordinary thread (never the render thread).
public final class MixerController {
    let rings: MixerRings
    public let format: EngineFormat
    private var nextVoice: UInt64 = 1

    init(rings: MixerRings, format: EngineFormat) {
        self.rings = rings
        self.format = format
    }

    /// A fresh identifier for a voice this controller will start.
    public func makeVoiceID() -> VoiceID {
        defer { nextVoice += 1 }
        return VoiceID(rawValue: nextVoice)
    }

    /// Queues a command; false when the queue is full (send it again later).
    @discardableResult
    public func send(_ command: TimedCommand) -> Bool {
        rings.commands.push(command)
    }

    /// Room left in the command queue.
    public var commandSlotsFree: Int { rings.commands.availableToWrite }

    /// Frames the render side has produced.
    public var renderedFrames: Int { rings.renderedFrames.load(ordering: .acquiring) }

    /// Events the render side dropped because nobody drained them in time.
    public var droppedEvents: Int { rings.droppedEvents.load(ordering: .relaxed) }

    /// Takes every event reported so far, oldest first.
    public func drainEvents() -> [MixerEvent] {
        var events: [MixerEvent] = []
        while let event = rings.events.pop() { events.append(event) }
        return events
    }

    /// Frees the objects the render side is done with; call it regularly.
    public func collectGarbage() {
        while rings.retired.pop() != nil {}
    }
}
