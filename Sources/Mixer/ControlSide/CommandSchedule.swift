/// A control-side list of timed commands, fed to the render side a little ahead of time.
///
/// The render side holds only a bounded number of pending commands, so a long session's
/// schedule is sent as the render position approaches each command, `lookaheadFrames` early.
public struct CommandSchedule: Sendable {
    public private(set) var commands: [TimedCommand]
    private var next = 0

    public init(_ commands: [TimedCommand]) {
        // Stable sort: commands at the same frame keep the order they were given in.
        self.commands = commands.enumerated()
            .sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }
            .map(\.element)
    }

    /// Added to every command's frame as it is sent: a paused timeline resumes later in the stream.
    public var offset = 0

    /// Whether every command has been sent.
    public var isExhausted: Bool { next == commands.count }

    /// Commands sent so far.
    var sentCount: Int { next }

    /// Sends every not-yet-sent command whose frame (plus `offset`) is before `frame`, as far as
    /// the queue has room, leaving `keepingFree` slots for commands of the moment (a pause).
    public mutating func feed(_ controller: MixerController, before frame: Int, keepingFree: Int = 0) {
        while next < commands.count && commands[next].frame + offset < frame
            && controller.commandSlotsFree > keepingFree
        {
            var command = commands[next]
            command.frame += offset
            guard controller.send(command) else { return }
            next += 1
        }
    }

    /// Takes back the last `count` commands sent (the render side dropped them), to be sent again.
    public mutating func rewind(_ count: Int) {
        next = max(0, next - count)
    }

    /// The first not-yet-sent command's frame on the schedule's own timeline, if any.
    public var nextFrame: Int? { isExhausted ? nil : commands[next].frame }
}
