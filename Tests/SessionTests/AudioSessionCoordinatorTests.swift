import Foundation
import Testing

@testable import Session

@Suite("Audio session coordinator")
struct AudioSessionCoordinatorTests {
    /// A coordinator whose guided track is playing and owns the audio.
    func guidedPlaying() throws -> AudioSessionCoordinator {
        var coordinator = AudioSessionCoordinator()
        #expect(coordinator.request(for: .guided) == [])
        try coordinator.report(.guided, state: .playing)
        return coordinator
    }

    @Test("at first nobody owns the audio and both sources are idle")
    func initial() {
        let coordinator = AudioSessionCoordinator()
        #expect(coordinator.owner == nil)
        #expect(AudioSource.allCases.allSatisfy { coordinator.state(of: $0) == .idle })
    }

    @Test("the timer runs idle → countdown → sitting → complete, and completing gives the audio up")
    func timerLifecycle() throws {
        var coordinator = AudioSessionCoordinator()
        _ = coordinator.request(for: .timer)
        try coordinator.report(.timer, state: .countdown)
        try coordinator.report(.timer, state: .sitting)
        #expect(coordinator.owner == .timer)
        try coordinator.report(.timer, state: .complete)
        #expect(coordinator.owner == nil)
        try coordinator.report(.timer, state: .idle)
        #expect(coordinator.state(of: .timer) == .idle)
    }

    @Test("a timer request during guided playback pauses the track with a fade; it keeps its place")
    func timerDuringGuided() throws {
        // Given a guided track playing
        var coordinator = try guidedPlaying()
        // When the timer asks for the audio
        let directives = coordinator.request(for: .timer)
        // Then the track is told to fade out and is paused, and the timer owns the audio
        #expect(directives == [.pause(.guided)])
        #expect(coordinator.owner == .timer)
        #expect(coordinator.state(of: .guided) == .paused)
        #expect(coordinator.fadingOut == [.guided])
        coordinator.fadeFinished(.guided)
        #expect(coordinator.fadingOut.isEmpty)
    }

    @Test("releasing with resume gives the audio back to the track that was paused for it")
    func releaseAndBack() throws {
        var coordinator = try guidedPlaying()
        _ = coordinator.request(for: .timer)
        coordinator.fadeFinished(.guided)
        try coordinator.report(.timer, state: .sitting)
        try coordinator.report(.timer, state: .complete)
        // The timer completed and gave the audio up by itself; nothing resumes unasked.
        #expect(coordinator.owner == nil)
        #expect(coordinator.state(of: .guided) == .paused)
        // Asked back, the track resumes where it was.
        #expect(coordinator.request(for: .guided) == [.resume(.guided)])
        #expect(coordinator.state(of: .guided) == .playing)
    }

    @Test("release(resumingOther:) resumes the other only when asked")
    func releaseOnlyResumesWhenAsked() throws {
        var asked = try guidedPlaying()
        _ = asked.request(for: .timer)
        try asked.report(.timer, state: .countdown)
        #expect(try asked.release(for: .timer, resumingOther: true) == [.pause(.timer), .resume(.guided)])
        #expect(asked.owner == .guided)
        #expect(asked.state(of: .timer) == .paused)
        // The timer asking again takes the audio back and resumes its countdown.
        #expect(asked.request(for: .timer) == [.pause(.guided), .resume(.timer)])
        #expect(asked.state(of: .timer) == .countdown)

        var notAsked = try guidedPlaying()
        _ = notAsked.request(for: .timer)
        #expect(try notAsked.release(for: .timer, resumingOther: false) == [])
        #expect(notAsked.owner == nil)
        #expect(notAsked.state(of: .guided) == .paused)
    }

    @Test("asking for the audio back while the track's fade-out still runs turns the fade around")
    func requestDuringFade() throws {
        // Given the timer took the audio and the track is still fading out
        var coordinator = try guidedPlaying()
        _ = coordinator.request(for: .timer)
        try coordinator.report(.timer, state: .countdown)
        #expect(coordinator.fadingOut == [.guided])
        // When the track asks back before its fade has finished
        let directives = coordinator.request(for: .guided)
        // Then the timer fades out and the track fades back in, at once
        #expect(directives == [.pause(.timer), .resume(.guided)])
        #expect(coordinator.fadingOut == [.timer])
        #expect(coordinator.state(of: .guided) == .playing)
        #expect(coordinator.state(of: .timer) == .paused)
    }

    @Test("a source the person paused stays paused when the audio is handed around")
    func personPausedStaysPaused() throws {
        var coordinator = try guidedPlaying()
        try coordinator.report(.guided, state: .paused)
        #expect(coordinator.request(for: .timer) == [])
        #expect(try coordinator.release(for: .timer, resumingOther: true) == [])
        #expect(coordinator.state(of: .guided) == .paused)
    }

    @Test(
        "a paused source resumes only to where it was",
        arguments: [
            (AudioSource.timer, [PlaybackState.countdown, .paused], PlaybackState.sitting, false),
            (.timer, [.countdown, .paused], .countdown, true),
            (.timer, [.sitting, .paused], .sitting, true),
            (.guided, [.playing, .paused], .playing, true),
            (.guided, [.playing, .paused], .idle, true)
        ])
    func resumeTarget(source: AudioSource, path: [PlaybackState], next: PlaybackState, allowed: Bool) throws {
        var coordinator = AudioSessionCoordinator()
        _ = coordinator.request(for: source)
        for state in path { try coordinator.report(source, state: state) }
        let accepted = (try? coordinator.report(source, state: next)) != nil
        #expect(accepted == allowed)
    }

    @Test(
        "transitions outside the declared ones are refused with a reason",
        arguments: [
            (AudioSource.timer, PlaybackState.playing), (.timer, .complete), (.timer, .paused),
            (.guided, .sitting), (.guided, .countdown), (.guided, .complete), (.guided, .idle)
        ])
    func refused(source: AudioSource, next: PlaybackState) {
        var coordinator = AudioSessionCoordinator()
        #expect(throws: CoordinatorError.transitionNotAllowed(source, from: .idle, to: next)) {
            try coordinator.report(source, state: next)
        }
    }

    @Test("only the owner can release; directives and states encode for a control socket")
    func ownerAndCoding() throws {
        var coordinator = try guidedPlaying()
        #expect(throws: CoordinatorError.notOwner(.timer)) { try coordinator.release(for: .timer, resumingOther: true) }
        let encoded = try JSONEncoder().encode([CoordinatorDirective.pause(.guided), .resume(.timer)])
        #expect(
            try JSONDecoder().decode([CoordinatorDirective].self, from: encoded) == [.pause(.guided), .resume(.timer)])
    }
}
