import ArgumentParser
import Session

/// `--segments "sit 25, walk 10, sit 25"`: sitting and walking in turn.
package struct SegmentList: ExpressibleByArgument, Sendable, Equatable {
    package var segments: [SessionSegment]

    package init?(argument: String) {
        guard let segments = SessionSegment.list(argument) else { return nil }
        self.segments = segments
    }

    /// Their sum, the session's length; nil past any plan's reach.
    package var minutes: ExactDecimal? {
        segments.reduce(ExactDecimal(0) as ExactDecimal?) { sum, segment in sum?.adding(segment.minutes) }
    }
}
