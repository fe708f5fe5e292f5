/// Grants the audio to one source at a time (the original app's AudioSessionCoordinator).
///
/// A pure value: every method is a transition that returns the directives the sources must
/// carry out, so that each transition is tested one by one, and so that a long-running engine
/// can later drive it from a control socket. Requesting the audio for one source pauses the
/// other with a fade (it keeps its position); releasing gives it back to the paused one only
/// when asked to.
public struct AudioSessionCoordinator: Sendable, Equatable {
    /// The source that owns the audio, if any.
    public private(set) var owner: AudioSource?
    /// Where each source is.
    public private(set) var states: [AudioSource: PlaybackState] =
        Dictionary(uniqueKeysWithValues: AudioSource.allCases.map { ($0, .idle) })
    /// Sources told to fade out whose fade has not finished yet.
    public private(set) var fadingOut: Set<AudioSource> = []
    /// What each paused source was doing, to resume it there.
    private var pausedFrom: [AudioSource: PlaybackState] = [:]
    /// Sources the coordinator paused to hand the audio over (not paused by the person).
    private var suspended: Set<AudioSource> = []

    public init() {}

    public func state(of source: AudioSource) -> PlaybackState { states[source] ?? .idle }

    /// Gives the audio to `source`; whoever else was sounding is paused with a fade.
    public mutating func request(for source: AudioSource) -> [CoordinatorDirective] {
        guard owner != source else { return [] }
        var directives: [CoordinatorDirective] = []
        if let previous = owner, Self.isSounding(state(of: previous)) {
            hold(previous)
            directives.append(.pause(previous))
        }
        owner = source
        if suspended.remove(source) != nil, state(of: source) == .paused {
            // Taking the audio back while its own fade-out may still be running: it fades in again.
            states[source] = pausedFrom.removeValue(forKey: source) ?? .idle
            fadingOut.remove(source)
            directives.append(.resume(source))
        }
        return directives
    }

    /// Gives the audio up; a source still sounding is paused with a fade (it keeps its place and
    /// resumes when it asks again). With `resumingOther`, the source the audio was taken from
    /// resumes.
    public mutating func release(
        for source: AudioSource, resumingOther: Bool
    ) throws(CoordinatorError)
        -> [CoordinatorDirective]
    {
        guard owner == source else { throw .notOwner(source) }
        var directives: [CoordinatorDirective] = []
        let other = suspended.first { $0 != source }
        if Self.isSounding(state(of: source)) {
            hold(source)
            directives.append(.pause(source))
        }
        owner = nil
        if resumingOther, let other { directives += request(for: other) }
        return directives
    }

    /// Pauses a sounding source on the coordinator's behalf.
    private mutating func hold(_ source: AudioSource) {
        pausedFrom[source] = state(of: source)
        states[source] = .paused
        fadingOut.insert(source)
        suspended.insert(source)
    }

    /// A source reports where it has got to (the countdown ended, the track ended, the person
    /// paused or resumed it).
    public mutating func report(_ source: AudioSource, state next: PlaybackState) throws(CoordinatorError) {
        let current = state(of: source)
        let resumesElsewhere = current == .paused && next != .idle && pausedFrom[source] != next
        guard Self.allowed(source, from: current, to: next), !resumesElsewhere else {
            throw .transitionNotAllowed(source, from: current, to: next)
        }
        if next == .paused {
            pausedFrom[source] = current
        } else if current == .paused {
            pausedFrom[source] = nil
            suspended.remove(source)
        }
        states[source] = next
        if next == .complete || next == .idle, owner == source { owner = nil }
    }

    /// A source's fade-out has finished: it is silent now.
    public mutating func fadeFinished(_ source: AudioSource) {
        fadingOut.remove(source)
    }

    static func isSounding(_ state: PlaybackState) -> Bool {
        state == .countdown || state == .sitting || state == .playing
    }

    /// The transitions a source may report, declared in one place. Stopping (back to idle) is
    /// always allowed; a paused source resumes to where it was (checked in `report`).
    static func allowed(_ source: AudioSource, from: PlaybackState, to: PlaybackState) -> Bool {
        if to == .idle { return from != .idle }
        switch source {
        case .timer:
            switch (from, to) {
            case (.idle, .countdown), (.idle, .sitting), (.countdown, .sitting), (.sitting, .complete),
                (.countdown, .paused), (.sitting, .paused), (.paused, .countdown), (.paused, .sitting):
                return true
            default:
                return false
            }
        case .guided:
            switch (from, to) {
            case (.idle, .playing), (.playing, .complete), (.playing, .paused), (.paused, .playing):
                return true
            default:
                return false
            }
        }
    }
}
