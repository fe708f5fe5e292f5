/// What the programs have ready to play in the engine's next write.
enum EngineReadiness {
    case frames(Int)
    /// Every program's mixer is behind: wait for it.
    case waiting
    /// A one-shot's stream ran out on a device that cannot take back: it has drained.
    case drained
}
