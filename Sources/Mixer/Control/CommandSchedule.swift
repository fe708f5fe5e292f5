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

    /// Whether every command has been sent.
    public var isExhausted: Bool { next == commands.count }

    /// Sends every not-yet-sent command whose frame is before `frame`, as far as the queue has room.
    public mutating func feed(_ controller: MixerController, before frame: Int) {
        while next < commands.count && commands[next].frame < frame {
            guard controller.send(commands[next]) else { return }
            next += 1
        }
    }
}
