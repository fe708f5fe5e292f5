/// Where a live session's own steps (a pause, a resume, a seek, an end) stand, with what was
/// asked for while one was on its way (`LiveSession`'s state: one value, no flags beside it).
enum LiveSessionStep: Equatable {
    /// What was asked for while a step of the session's own was on its way, carried out once it
    /// has landed: a pause while a seek settles (a hand-over must not be lost to it), a resume
    /// while a pause fades, an open sit's end while it is paused or a seek settles.
    struct Intents: OptionSet, Equatable {
        let rawValue: UInt8
        static let pause = Intents(rawValue: 1 << 0)
        static let resume = Intents(rawValue: 1 << 1)
        static let finish = Intents(rawValue: 1 << 2)
    }

    case running
    /// The program has been asked to pause.
    case pausing(then: Intents)
    case paused(then: Intents)
    /// The program has been asked to resume.
    case resuming(then: Intents)
    /// A seek's cancel is on its way; where it lands, the session plays `target`.
    case seeking(target: Int, then: Intents)
    /// A seek's cancel has landed at mixer frame `frame`, where the session plays `target`;
    /// the program is cutting what the device holds before it.
    case cutting(target: Int, frame: Int, then: Intents)
    case ending
    /// An open-ended sit's end at mixer frame `frame`: the cancel of what was still to come is
    /// on its way (it landed at `cancelledAt`), and the device is cut over to `frame`.
    case finishing(frame: Int, gong: Int, cancelledAt: Int?)

    /// Whether the session is paused, on its way there or back, or will be once a seek lands.
    var isPaused: Bool {
        switch self {
        case .pausing, .paused, .resuming: true
        case .seeking, .cutting: intents.contains(.pause)
        case .running, .ending, .finishing: false
        }
    }

    /// What is to be done once this step has landed (none while running or ending).
    var intents: Intents {
        switch self {
        case let .pausing(then), let .paused(then), let .resuming(then): then
        case let .seeking(_, then), let .cutting(_, _, then): then
        case .running, .ending, .finishing: []
        }
    }

    /// The same step with `intents` to carry out after it; a step that carries none is itself.
    func with(_ intents: Intents) -> LiveSessionStep {
        switch self {
        case .pausing: .pausing(then: intents)
        case .paused: .paused(then: intents)
        case .resuming: .resuming(then: intents)
        case let .seeking(target, _): .seeking(target: target, then: intents)
        case let .cutting(target, frame, _): .cutting(target: target, frame: frame, then: intents)
        case .running, .ending, .finishing: self
        }
    }
}
