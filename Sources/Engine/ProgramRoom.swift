/// How many programs the engine plays at once. The arrays that hold them on the audio threads
/// are made with this room, so that taking one in never allocates there.
enum ProgramRoom {
    static let count = 16

    /// An empty array with room for every program.
    static func empty() -> [EngineProgram] {
        var programs: [EngineProgram] = []
        programs.reserveCapacity(count)
        return programs
    }
}
