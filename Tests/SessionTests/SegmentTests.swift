import Foundation
import Mixer
import Testing

@testable import Session

@Suite("Segments: sitting, walking, sitting")
struct SegmentTests {
    func segmented(_ list: String = "sit 2, walk 1, sit 2", interval: String? = "0.5") throws -> SessionConfiguration {
        var c = configuration(minutes: "5", interval: interval)
        c.segments = try #require(SessionSegment.list(list))
        c.noise = nil
        return c
    }

    @Test("each boundary has its transition (two strikes to walk, one to sit again) and the bells keep to the sits")
    func planFrames() throws {
        // Given sit 2, walk 1, sit 2 with a bell every half minute, after a 15-s countdown
        let plan = try SessionPlan(try segmented())
        let start = 15 * 48_000, minute = 60 * 48_000
        // Then the gongs are on the frames counted from the start gong, each rounded once
        let expected: [(SessionPlan.GongKind, Int)] = [
            (.start, start), (.interval(1), start + minute / 2), (.interval(2), start + minute),
            (.interval(3), start + 3 * minute / 2), (.transition(1, to: .walk), start + 2 * minute),
            (.transition(2, to: .sit), start + 3 * minute), (.interval(4), start + 7 * minute / 2),
            (.interval(5), start + 4 * minute), (.interval(6), start + 9 * minute / 2),
            (.completion, start + 5 * minute)
        ]
        #expect(plan.gongs.map(\.kind) == expected.map(\.0))
        #expect(plan.gongs.map(\.frame) == expected.map(\.1))
        // And walking is told by two strikes 1.5 s apart, sitting again by one
        #expect(plan.strikeFrames(of: plan.gongs[4]) == [start + 2 * minute, start + 2 * minute + 72_000])
        #expect(plan.strikeFrames(of: plan.gongs[5]) == [start + 3 * minute])
        // And the outline says where a person is, and counts sitting apart from walking
        let outline = SessionOutline(plan)
        let walking = try #require(outline.segmentStatus(at: start + 2 * minute + 12 * 48_000))
        #expect(walking.kind == .walk && walking.index == 1 && walking.count == 3)
        #expect(walking.remainingFrames == 48 * 48_000)
        #expect(walking.next?.kind == .sit && walking.next?.frames == 2 * minute)
        #expect(outline.status(phase: .sitting, at: start + 2 * minute + 1).phase == .walking)
        #expect(outline.sittingFrames(upTo: start + 5 * minute) == 4 * minute)
        #expect(outline.sittingFrames(upTo: start + 2 * minute + 30 * 48_000) == 2 * minute)
    }

    @Test("the gong into a walk has its own strikes, volume and sound; unset, the transition's, which sets both")
    func walkGongApart() throws {
        // Given sit 2, walk 1, sit 2, and a sitter who rises at three strikes and sits again at one
        var c = try segmented()
        c.roleStrikes = [.walk: 3, .transition: 1]
        c.roleVolumes = [.walk: 0.5]
        let plan = try SessionPlan(c)
        let intoWalk = plan.gongs[4], backToSitting = plan.gongs[5]
        #expect(intoWalk.kind == .transition(1, to: .walk) && backToSitting.kind == .transition(2, to: .sit))
        // Then the walk begins with three strikes at half volume, and sitting again with one at full
        #expect(plan.strikeFrames(of: intoWalk).count == 3)
        #expect(plan.strikeFrames(of: backToSitting).count == 1)
        let outline = SessionOutline(plan)
        #expect(outline.gongVolume(of: intoWalk) == 0.5 && outline.gongVolume(of: backToSitting) == 1)
        // When only the transition's are given, they set both boundaries (as before the walk had its own)
        c.roleStrikes = [.transition: 3]
        c.roleVolumes = [.transition: 0.25]
        let both = try SessionPlan(c)
        #expect(both.strikeFrames(of: both.gongs[4]).count == 3 && both.strikeFrames(of: both.gongs[5]).count == 3)
        #expect(SessionOutline(both).gongVolume(of: both.gongs[4]) == 0.25)
        // When only the walk's strikes are given, sitting again keeps its one
        c.roleStrikes = [.walk: 1]
        let walkOnly = try SessionPlan(c)
        #expect(walkOnly.strikeFrames(of: walkOnly.gongs[4]).count == 1)
        #expect(walkOnly.strikeFrames(of: walkOnly.gongs[5]).count == 1)
        // And a walk's sound is its own, else the transition's, else the sit's
        let bowl = try bundledGong(.bowl), bell = try bundledGong(.bell), deep = try bundledGong(.gong)
        #expect(GongSounds(bowl, byRole: [.transition: bell]).sound(for: .walk) === bell)
        #expect(GongSounds(bowl, byRole: [.transition: bell, .walk: deep]).sound(for: .walk) === deep)
        #expect(GongSounds(bowl, byRole: [.transition: bell, .walk: deep]).sound(for: .transition) === bell)
        #expect(GongSounds(bowl).sound(for: .walk) === bowl)
    }

    @Test(
        "a render rings every boundary and bell on its planned frame, with exact silence between",
        arguments: [44_100, 48_000])
    func renderOnFrames(rate: Int) throws {
        var c = try segmented("sit 1.5, walk 0.75, sit 1.25", interval: "0.5")
        c.minutes = ExactDecimal("3.5")!
        c.sampleRate = rate
        let plan = try SessionPlan(c)
        #expect(plan.gongs.filter { if case .transition = $0.kind { true } else { false } }.count == 2)
        let (onsets, errors) = try GongTimingTests().checkOnsetsAndSilence(plan, gong: try bundledGong(rate: rate))
        #expect(onsets == plan.gongs.map(\.frame))
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("the bed plays in each sit from its first frame and is gone by its last; a walk is exact silence")
    func bedBelongsToTheSits() throws {
        // Given sit 1, walk 0.5, sit 1 on pink noise, the gongs muted
        var c = try segmented("sit 1, walk 0.5, sit 1", interval: nil)
        c.minutes = ExactDecimal("2.5")!
        c.noise = .pink
        c.gongVolume = 0
        c.countdownSeconds = ExactDecimal(1)
        let plan = try SessionPlan(c)
        let samples = try renderToMemory(plan, gong: try bundledGong())
        func silent(_ frames: Range<Int>) -> Bool {
            frames.allSatisfy { samples[2 * $0] == 0 && samples[2 * $0 + 1] == 0 }
        }
        for segment in plan.segments {
            if segment.kind == .sit {
                // Then each sit's bed begins at its first frame (the ramp's first sample is 0)
                // and has fallen to nothing at its last
                #expect(silent(0..<segment.startFrame + 1) || segment.index > 0)
                #expect(!silent(segment.startFrame..<(segment.startFrame + 3)), "sit \(segment.index) starts")
                #expect(!silent((segment.endFrame - 1)..<segment.endFrame), "sit \(segment.index) ends")
                #expect(silent(segment.endFrame..<(segment.endFrame + 1)))
            } else {
                // And the walk between is exact zeros, first frame to last
                #expect(silent(segment.startFrame..<segment.endFrame), "the walk sounds")
            }
        }
        #expect(silent(plan.completionFrame..<(samples.count / 2)))
    }

    @Test("a walk asked to keep the bed and the bells has them: one bed through it, bells counted from its start")
    func walkSoundsWhenAsked() throws {
        // Given sit 1, walk 0.5, sit 1 on pink noise with a bell every 12 s, the gongs muted
        var c = try segmented("sit 1, walk 0.5, sit 1", interval: "0.2")
        c.minutes = ExactDecimal("2.5")!
        c.noise = .pink
        c.gongVolume = 0
        c.countdownSeconds = ExactDecimal(1)
        let quiet = try SessionPlan(c)
        // When the walk keeps the bed and the bells
        c.walkSounds = .both
        let plan = try SessionPlan(c)
        let walk = plan.segments[1]
        // Then the walk rings its own bells, every 12 s from its first frame, none at its end
        let second = 48_000
        let walkBells = plan.gongs.filter { gong in
            if case .interval = gong.kind { return gong.frame > walk.startFrame && gong.frame < walk.endFrame }
            return false
        }
        #expect(walkBells.map(\.frame) == [walk.startFrame + 12 * second, walk.startFrame + 24 * second])
        // And the sits' bells are where they were without them
        let sitBells = { (p: SessionPlan) in
            p.gongs.filter { if case .interval = $0.kind { true } else { false } }.map(\.frame).filter {
                $0 < walk.startFrame || $0 > walk.endFrame
            }
        }
        #expect(sitBells(plan) == sitBells(quiet))
        // And the bed plays on through both boundaries as one: sample for sample the bed of one
        // plain sit of the same length and seed, rising once at the first sit's start and falling
        // once at the last's end
        let samples = try renderToMemory(plan, gong: try bundledGong())
        var plain = c
        plain.segments = []
        plain.interval = nil
        let unbroken = try renderToMemory(try SessionPlan(plain), gong: try bundledGong())
        #expect(samples.count == unbroken.count)
        let worst = zip(samples, unbroken).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-6, "off the unbroken bed by \(worst)")
        #expect(samples[2 * plan.segments[1].startFrame] != 0 && samples[2 * plan.segments[2].startFrame] != 0)
        // And a walk that keeps only the bells is silent between them (the bells muted)
        c.walkSounds = .bells
        let bellsOnly = try renderToMemory(try SessionPlan(c), gong: try bundledGong())
        #expect((walk.startFrame..<walk.endFrame).allSatisfy { bellsOnly[2 * $0] == 0 && bellsOnly[2 * $0 + 1] == 0 })
    }

    @Test("segments are read as people write them, and refused with one line when they do not make a session")
    func parsingAndRefusals() throws {
        #expect(SessionSegment.list("sitzen 20, gehen 5, sit:20")?.map(\.description) == ["sit 20", "walk 5", "sit 20"])
        #expect(SessionSegment.list("sit 20, run 5") == nil)
        #expect(SessionSegment.list("sit, walk 5") == nil)
        #expect(SessionSegment.list("") == nil)
        // And each refusal names the segment at fault
        #expect(throws: SegmentListError.unknownKind(item: "run 5")) { try SessionSegment.parsed("sit 20, run 5") }
        #expect(throws: SegmentListError.notMinutes(item: "sit")) { try SessionSegment.parsed("sit, walk 5") }
        #expect(throws: SegmentListError.notMinutes(item: "walk 5 sit 3")) { try SessionSegment.parsed("walk 5 sit 3") }
        #expect(throws: SegmentListError.emptyItem(position: 3)) { try SessionSegment.parsed("sit 1, walk 1, ") }
        #expect(throws: SegmentListError.emptyItem(position: 1)) { try SessionSegment.parsed("") }
        let tooMany = Array(repeating: "sit 1", count: SessionSegment.maxCount + 1).joined(separator: ",")
        #expect(throws: SegmentListError.tooMany(count: SessionSegment.maxCount + 1)) {
            try SessionSegment.parsed(tooMany)
        }
        #expect(
            SessionSegment.list(Array(repeating: "sit 1", count: SessionSegment.maxCount).joined(separator: ","))?.count
                == SessionSegment.maxCount)
        var c = try segmented()
        c.minutes = ExactDecimal(6)
        #expect(throws: SessionPlanError.segmentsDisagree(segments: ExactDecimal(5), minutes: ExactDecimal(6))) {
            try SessionPlan(c)
        }
        c = try segmented(interval: nil)
        c.bells = [ExactDecimal(1)]
        #expect(throws: SessionPlanError.bellsWithSegments) { try SessionPlan(c) }
        c = try segmented("sit 2, walk 0, sit 3", interval: nil)
        #expect(throws: SessionPlanError.segmentOutOfRange(SessionSegment(kind: .walk, minutes: ExactDecimal(0)))) {
            try SessionPlan(c)
        }
        // Nor a walk of 6 ms, less than the second the history counts in
        c = try segmented("sit 2, walk 0.0001, sit 2.9999", interval: nil)
        #expect(
            throws: SessionPlanError.segmentOutOfRange(
                SessionSegment(kind: .walk, minutes: ExactDecimal("0.0001") ?? ExactDecimal(0)))
        ) {
            try SessionPlan(c)
        }
        // An interval longer than every sit has no bell to ring
        c = try segmented(interval: "2")
        #expect(
            throws: SessionPlanError.intervalNotShorterThanSession(
                interval: ExactDecimal(2), minutes: ExactDecimal(2), origin: nil)
        ) {
            try SessionPlan(c)
        }
    }

    @Test("segments that are all walks are refused: a walk alone, and a walk after a walk, have nothing to sit")
    func walksAloneAreRefused() throws {
        // Given a walk of 10 minutes alone, and two short walks in a row
        for (list, minutes) in [("walk 10", "10"), ("walk 0.1, walk 0.1", "0.2")] {
            var c = try segmented(list, interval: nil)
            c.minutes = try #require(ExactDecimal(minutes))
            // Then no plan is made of them, and the refusal says what is missing
            #expect(throws: SessionPlanError.noSitting) { try SessionPlan(c) }
        }
        #expect(
            SessionPlanError.noSitting.errorDescription
                == #"--segments: none of them is a sit; a session sits at least once, e.g. "sit 20, walk 5, sit 20""#)
        // And a walk between sits is planned as before
        #expect(throws: Never.self) { try SessionPlan(try segmented("walk 1, sit 2, walk 2", interval: nil)) }
    }

    @Test(
        "a segment's minutes are the segments' fault: a negative one and a sum past a day name --segments, not --minutes"
    )
    func segmentFaultsNameTheSegments() throws {
        // Given segments whose sum (the session's length) is not a length: -1 + 1, and 1000 + 500
        var c = try segmented("sit -1, walk 1", interval: nil)
        c.minutes = ExactDecimal(0)
        // Then the refusal names the segment, not a --minutes nobody typed
        #expect(throws: SessionPlanError.segmentOutOfRange(SessionSegment(kind: .sit, minutes: ExactDecimal(-1)))) {
            try SessionPlan(c)
        }
        c = try segmented("sit 1000, walk 500", interval: nil)
        c.minutes = ExactDecimal(1500)
        #expect(throws: SessionPlanError.segmentsTooLong(ExactDecimal(1500))) { try SessionPlan(c) }
        #expect(
            SessionPlanError.segmentsTooLong(ExactDecimal(1500)).errorDescription
                == "--segments add up to 1500 minutes; a session lasts at most 1440 (24 hours)")
    }

    @Test("with walks between, bells keep a walk's two strikes apart; a plain sit keeps its gong's")
    func boundaryStrikesSetTheSpacing() throws {
        // Given bells 2.4 s apart, in a sit of segments that rings them while walking too
        var c = try segmented(interval: "0.04")
        c.walkSounds = .bells
        // Then they are refused: the gong into a walk strikes twice, 3 s
        #expect(throws: SessionPlanError.intervalTooShort(ExactDecimal("0.04")!, minimumSeconds: 3)) {
            try SessionPlan(c)
        }
        // And bells 3 s apart are planned
        c.interval = ExactDecimal("0.05")
        #expect(try SessionPlan(c).gongs.count > 60)
        // And a plain sit keeps its one strike's 1.5 s, whatever a boundary it does not have is given
        var plain = configuration(minutes: "1", interval: "0.04")
        plain.roleStrikes = [.transition: 4]
        #expect(try SessionPlan(plain).gongs.count == 2 + 24)
    }

    @Test(
        "a sit or a segment that would end among the strikes of the gong that opens it is refused, one just past them planned"
    )
    func lengthsOutlastTheirGongsStrikes() throws {
        // Given a 1.2-s sit opened by a start gong of three strikes (3 s)
        var plain = configuration(minutes: "0.02", interval: nil)
        plain.roleStrikes = [.start: 3]
        // Then it is refused: the completion gong would sound among them
        #expect(
            throws: SessionPlanError.endsAmongStrikes(
                segment: nil, minutes: ExactDecimal("0.02")!, role: .start, strikes: 3, seconds: 3)
        ) { try SessionPlan(plain) }
        #expect(
            SessionPlanError.endsAmongStrikes(
                segment: nil, minutes: ExactDecimal("0.02")!, role: .start, strikes: 3, seconds: 3
            ).errorDescription
                == "--minutes 0.02: the sit ends before the start gong's 3 strikes have sounded; it must last more than 3 s"
        )
        // And one of 3.6 s is planned, as is a 1.2-s sit of one strike
        plain.minutes = ExactDecimal("0.06")!
        #expect(try SessionPlan(plain).gongs.count == 2)
        #expect(try SessionPlan(configuration(minutes: "0.02", interval: nil)).gongs.count == 2)
        // Given a walk of 1.2 s, into which the gong strikes twice (1.5 s)
        var walking = try segmented("sit 2, walk 0.02, sit 2", interval: nil)
        walking.minutes = ExactDecimal("4.02")!
        // Then it is refused by its segment, as is a sit after a walk shorter than a transition of three
        let walk = SessionSegment(kind: .walk, minutes: ExactDecimal("0.02")!)
        #expect(
            throws: SessionPlanError.endsAmongStrikes(
                segment: walk, minutes: ExactDecimal("0.02")!, role: .walk, strikes: 2, seconds: 1.5)
        ) { try SessionPlan(walking) }
        var back = try segmented("sit 2, walk 1, sit 0.04", interval: nil)
        back.minutes = ExactDecimal("3.04")!
        back.roleStrikes = [.transition: 3]
        let sit = SessionSegment(kind: .sit, minutes: ExactDecimal("0.04")!)
        #expect(
            throws: SessionPlanError.endsAmongStrikes(
                segment: sit, minutes: ExactDecimal("0.04")!, role: .transition, strikes: 3, seconds: 3)
        ) { try SessionPlan(back) }
        #expect(
            SessionPlanError.endsAmongStrikes(
                segment: walk, minutes: ExactDecimal("0.02")!, role: .walk, strikes: 2, seconds: 1.5
            ).errorDescription
                == "--segments: 'walk 0.02' ends before its gong's 2 strikes have sounded (--walk-strikes); it must last more than 1.5 s"
        )
    }
}
