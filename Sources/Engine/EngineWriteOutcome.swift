/// What became of a write of the engine's output thread.
enum EngineWriteOutcome {
    case written
    /// The device failed and another was opened: the frames were not played, and
    /// `carryOn` has set up what the new device plays.
    case replaced
    /// The device failed and none could be opened again.
    case failed
}
