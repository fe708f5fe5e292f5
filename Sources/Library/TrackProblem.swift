import Foundation
import GRDB

/// A track whose file is not what was imported.
public struct TrackProblem: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case missing, changed, unreadable
    }

    public let track: Track
    public let kind: Kind
}
