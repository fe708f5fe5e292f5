/// A command and the absolute frame of the engine's stream at which it takes effect.
public struct TimedCommand: Sendable {
    public var frame: Int
    public var command: MixerCommand
    public init(frame: Int, _ command: MixerCommand) {
        self.frame = frame
        self.command = command
    }
}
